package dev.agentport.agentbreeder;

import dev.agentport.auth.BearerTokenCheck;
import dev.agentport.http.Filter;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;

/**
 * Wraps the protected endpoints: 401 (with {@code WWW-Authenticate: Bearer}) when the header is missing or not
 * Bearer, 403 when the token is wrong. Does nothing when {@code AGENT_AUTH_TOKEN} is unset or empty.
 */
final class BearerAuth implements Filter {

    private final BearerTokenCheck check;

    BearerAuth(BearerTokenCheck check) {
        this.check = check;
    }

    @Override
    public HttpResponse filter(HttpRequest request, Handler next) {
        return switch (check.check(request.header(HttpHeaderNames.AUTHORIZATION))) {
            case ALLOWED -> next.handle(request);
            case MISSING -> ErrorEnvelope.of(request, ErrorCode.UNAUTHORIZED,
                    "missing bearer token: send Authorization: Bearer <token>");
            case WRONG -> ErrorEnvelope.of(request, ErrorCode.FORBIDDEN, "invalid bearer token");
        };
    }
}
