package dev.agentport.face;

import dev.agentport.http.Filter;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.Router;

import java.util.Set;
import java.util.function.Predicate;

/**
 * A face's view of the router: every route added here is owned by the face, wrapped in the face's filter, and its
 * wrong methods and escaped failures are answered by the face's fallbacks (inside the same filter).
 */
public final class FaceRoutes {

    private final Router.Builder router;
    private final String face;
    private final Filter filter;
    private final Router.Fallbacks fallbacks;

    FaceRoutes(Router.Builder router, String face, Filter filter, Router.Fallbacks fallbacks) {
        this.router = router;
        this.face = face;
        this.filter = filter;
        this.fallbacks = filtered(filter, fallbacks);
    }

    public FaceRoutes route(String method, String path, Handler handler) {
        router.route(face, fallbacks, method, path, filter.around(handler));
        return this;
    }

    /**
     * Takes the requests for {@code method} and {@code path} that {@code when} matches, although another face (or
     * none) owns the path: e.g. JSON-RPC bodies on a path whose owner serves other bodies. The owner keeps every other
     * request and its unconditional ownership; the claim's answers pass through this face's filter.
     */
    public FaceRoutes claim(String method, String path, Predicate<HttpRequest> when, Handler handler) {
        router.claim(fallbacks, method, path, when, filter.around(handler));
        return this;
    }

    /**
     * Takes every path {@code paths} accepts that no face routes exactly (a path template such as
     * {@code /tasks/{id}}), whatever its method: the handler reads the path's variables and answers a wrong method.
     */
    public FaceRoutes family(Predicate<String> paths, Handler handler) {
        router.family(fallbacks, paths, filter.around(handler));
        return this;
    }

    public FaceRoutes get(String path, Handler handler) {
        return route("GET", path, handler);
    }

    public FaceRoutes post(String path, Handler handler) {
        return route("POST", path, handler);
    }

    /** Fallbacks whose answers pass through {@code filter}, as the routes' answers do. */
    static Router.Fallbacks filtered(Filter filter, Router.Fallbacks fallbacks) {
        return new Router.Fallbacks() {
            @Override
            public HttpResponse notFound(HttpRequest request) {
                return filter.filter(request, fallbacks::notFound);
            }

            @Override
            public HttpResponse methodNotAllowed(HttpRequest request, Set<String> allowed) {
                return filter.filter(request, r -> fallbacks.methodNotAllowed(r, allowed));
            }

            @Override
            public HttpResponse internalError(HttpRequest request, RuntimeException error) {
                return filter.filter(request, r -> fallbacks.internalError(r, error));
            }
        };
    }
}
