package dev.agentport.http;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Picks a handler by exact path and method. Unknown paths and methods are answered by {@link Fallbacks}, so they come
 * back in the contract's own error shape. Filters wrap everything, fallbacks included, in the order they were added
 * (the first added is the outermost).
 */
public final class Router implements Handler {

    /** How the router answers when no route matches, or when a handler throws. */
    public interface Fallbacks {
        HttpResponse notFound(HttpRequest request);

        HttpResponse methodNotAllowed(HttpRequest request, Set<String> allowed);

        HttpResponse internalError(HttpRequest request, RuntimeException error);
    }

    private final Map<String, Map<String, Handler>> routes;
    private final Fallbacks fallbacks;
    private final Handler entry;

    private Router(Map<String, Map<String, Handler>> routes, List<Filter> filters, Fallbacks fallbacks) {
        this.routes = routes;
        this.fallbacks = fallbacks;
        Handler handler = this::dispatch;
        for (int i = filters.size() - 1; i >= 0; i--) {
            handler = filters.get(i).around(handler);
        }
        this.entry = handler;
    }

    public static Builder builder(Fallbacks fallbacks) {
        return new Builder(fallbacks);
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        return entry.handle(request);
    }

    private HttpResponse dispatch(HttpRequest request) {
        Map<String, Handler> byMethod = routes.get(request.path());
        if (byMethod == null) {
            return fallbacks.notFound(request);
        }
        String method = request.method();
        Handler handler = byMethod.get(method);
        boolean head = handler == null && "HEAD".equals(method) && byMethod.containsKey("GET");
        if (head) {
            handler = byMethod.get("GET");
        }
        if (handler == null) {
            return fallbacks.methodNotAllowed(request, allowed(byMethod));
        }
        HttpResponse response;
        try {
            response = handler.handle(request);
        } catch (RuntimeException e) {
            response = fallbacks.internalError(request, e);
        }
        return head ? withoutBody(response) : response;
    }

    private static Set<String> allowed(Map<String, Handler> byMethod) {
        Set<String> allowed = new TreeSet<>(byMethod.keySet());
        if (allowed.contains("GET")) {
            allowed.add("HEAD");
        }
        return allowed;
    }

    private static HttpResponse withoutBody(HttpResponse response) {
        return new HttpResponse(response.status(), response.headers(), Body.EMPTY);
    }

    public static final class Builder {
        private final Map<String, Map<String, Handler>> routes = new LinkedHashMap<>();
        private final List<Filter> filters = new ArrayList<>();
        private final Fallbacks fallbacks;

        private Builder(Fallbacks fallbacks) {
            this.fallbacks = fallbacks;
        }

        public Builder route(String method, String path, Handler handler) {
            Handler previous = routes.computeIfAbsent(path, p -> new LinkedHashMap<>()).putIfAbsent(method, handler);
            if (previous != null) {
                throw new IllegalStateException("two handlers for " + method + " " + path);
            }
            return this;
        }

        public Builder get(String path, Handler handler) {
            return route("GET", path, handler);
        }

        public Builder post(String path, Handler handler) {
            return route("POST", path, handler);
        }

        /** Adds a filter around every route and every fallback. */
        public Builder filter(Filter filter) {
            filters.add(filter);
            return this;
        }

        public Router build() {
            Map<String, Map<String, Handler>> copy = new LinkedHashMap<>();
            routes.forEach((path, byMethod) -> copy.put(path, Map.copyOf(byMethod)));
            return new Router(Map.copyOf(copy), List.copyOf(filters), fallbacks);
        }
    }
}
