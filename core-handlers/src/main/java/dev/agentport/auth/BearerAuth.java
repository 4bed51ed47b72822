package dev.agentport.auth;

import dev.agentport.http.Filter;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;

import java.util.List;

/**
 * Wraps protected routes with the bearer check; each face renders the refusal in its own shape. Does nothing when
 * {@code AGENT_AUTH_TOKEN} is unset or empty.
 */
public final class BearerAuth implements Filter {

    /** How a face answers a refused request. */
    @FunctionalInterface
    public interface Refusal {
        HttpResponse refuse(HttpRequest request, BearerTokenCheck.Outcome outcome);
    }

    /** The {@code WWW-Authenticate} value every face sends with a 401. */
    public static final String CHALLENGE = "Bearer realm=\"agentport\"";

    private final BearerTokenCheck check;
    private final Refusal refusal;

    public BearerAuth(BearerTokenCheck check, Refusal refusal) {
        this.check = check;
        this.refusal = refusal;
    }

    @Override
    public HttpResponse filter(HttpRequest request, Handler next) {
        BearerTokenCheck.Outcome outcome = check.check(singleAuthorization(request));
        return outcome == BearerTokenCheck.Outcome.ALLOWED ? next.handle(request) : refusal.refuse(request, outcome);
    }

    /**
     * The one {@code Authorization} value, or {@code null} when there is none or more than one. Two values (sent as
     * two headers, or joined with a comma as API Gateway joins them) are refused as not Bearer, the same on every
     * target, whatever their order: a bearer token never contains a comma.
     */
    private static String singleAuthorization(HttpRequest request) {
        List<String> values = request.headers().all(HttpHeaderNames.AUTHORIZATION);
        if (values.size() != 1 || values.get(0).indexOf(',') >= 0) {
            return null;
        }
        return values.get(0);
    }
}
