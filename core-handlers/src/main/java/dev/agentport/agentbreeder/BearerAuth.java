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

    /**
     * The one {@code Authorization} value, or {@code null} when there is none or more than one. Two values (sent as
     * two headers, or joined with a comma as API Gateway joins them) are refused as not Bearer, the same on every
     * target, whatever their order: a bearer token never contains a comma.
     */
    private static String singleAuthorization(HttpRequest request) {
        java.util.List<String> values = request.headers().all(HttpHeaderNames.AUTHORIZATION);
        if (values.size() != 1 || values.get(0).indexOf(',') >= 0) {
            return null;
        }
        return values.get(0);
    }

    BearerAuth(BearerTokenCheck check) {
        this.check = check;
    }

    @Override
    public HttpResponse filter(HttpRequest request, Handler next) {
        return switch (check.check(singleAuthorization(request))) {
            case ALLOWED -> next.handle(request);
            case MISSING -> ErrorEnvelope.of(request, ErrorCode.UNAUTHORIZED,
                    "missing bearer token: send Authorization: Bearer <token>");
            case WRONG -> ErrorEnvelope.of(request, ErrorCode.FORBIDDEN, "invalid bearer token");
        };
    }
}
