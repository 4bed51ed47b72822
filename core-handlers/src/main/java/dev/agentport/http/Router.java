package dev.agentport.http;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Picks a handler by exact path and method. Every path has one owner, whose {@link Fallbacks} answer a wrong method or
 * an escaped exception on that path in the owner's error shape; a path no owner has exactly may be taken by a family of
 * paths (a path template with variables, which its handler reads); paths nobody owns are answered by the default
 * fallbacks. Filters added with {@link Builder#filter} wrap everything, fallbacks included, in the order they were
 * added (the first added is the outermost).
 */
public final class Router implements Handler {

    /** How an owner answers when no route matches, or when a handler throws. */
    public interface Fallbacks {
        HttpResponse notFound(HttpRequest request);

        HttpResponse methodNotAllowed(HttpRequest request, Set<String> allowed);

        HttpResponse internalError(HttpRequest request, RuntimeException error);
    }

    private record Owned(Fallbacks fallbacks, Map<String, Handler> byMethod) {
    }

    /** A handler that takes a method and path owned by another (or no) owner for the requests {@code when} matches. */
    private record Claim(String method, Predicate<HttpRequest> when, Handler handler, Fallbacks fallbacks) {
    }

    /** The paths {@code paths} accepts, whatever the method: the handler picks by method and answers wrong ones. */
    private record Family(Predicate<String> paths, Handler handler, Fallbacks fallbacks) {
    }

    private final Map<String, Owned> routes;
    private final Map<String, List<Claim>> claims;
    private final List<Family> families;
    private final Fallbacks defaults;
    private final Handler entry;

    private Router(Map<String, Owned> routes, Map<String, List<Claim>> claims, List<Family> families,
                   List<Filter> filters, Fallbacks defaults) {
        this.routes = routes;
        this.claims = claims;
        this.families = families;
        this.defaults = defaults;
        Handler handler = this::dispatch;
        for (int i = filters.size() - 1; i >= 0; i--) {
            handler = filters.get(i).around(handler);
        }
        this.entry = handler;
    }

    /** A router whose unowned paths are answered by {@code defaults}. */
    public static Builder builder(Fallbacks defaults) {
        return new Builder(defaults);
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        return entry.handle(request);
    }

    private HttpResponse dispatch(HttpRequest request) {
        for (Claim claim : claims.getOrDefault(request.path(), List.of())) {
            if (claim.method().equals(request.method()) && claim.when().test(request)) {
                try {
                    return claim.handler().handle(request);
                } catch (RuntimeException e) {
                    return claim.fallbacks().internalError(request, e);
                }
            }
        }
        Owned owned = routes.get(request.path());
        if (owned == null) {
            return family(request);
        }
        String method = request.method();
        Handler handler = owned.byMethod().get(method);
        boolean head = handler == null && "HEAD".equals(method) && owned.byMethod().containsKey("GET");
        if (head) {
            handler = owned.byMethod().get("GET");
        }
        if (handler == null) {
            return owned.fallbacks().methodNotAllowed(request, allowed(owned.byMethod()));
        }
        HttpResponse response;
        try {
            response = handler.handle(request);
        } catch (RuntimeException e) {
            response = owned.fallbacks().internalError(request, e);
        }
        return head ? withoutBody(response) : response;
    }

    private HttpResponse family(HttpRequest request) {
        for (Family family : families) {
            if (family.paths().test(request.path())) {
                try {
                    return family.handler().handle(request);
                } catch (RuntimeException e) {
                    return family.fallbacks().internalError(request, e);
                }
            }
        }
        return defaults.notFound(request);
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
        private final Map<String, String> owners = new LinkedHashMap<>();
        private final Map<String, Fallbacks> ownerFallbacks = new LinkedHashMap<>();
        private final Map<String, Map<String, Handler>> routes = new LinkedHashMap<>();
        private final Map<String, List<Claim>> claims = new LinkedHashMap<>();
        private final List<Family> families = new ArrayList<>();
        private final List<Filter> filters = new ArrayList<>();
        private final Fallbacks defaults;

        private Builder(Fallbacks defaults) {
            this.defaults = Objects.requireNonNull(defaults, "defaults");
        }

        /**
         * A route of {@code owner}. A path has one owner: a second owner of the same path, or a second handler for the
         * same method and path, is refused.
         */
        public Builder route(String owner, Fallbacks fallbacks, String method, String path, Handler handler) {
            Fallbacks known = ownerFallbacks.putIfAbsent(owner, fallbacks);
            if (known != null && known != fallbacks) {
                throw new IllegalStateException(owner + " was added with two different fallbacks");
            }
            String previousOwner = owners.putIfAbsent(path, owner);
            if (previousOwner != null && !previousOwner.equals(owner)) {
                throw new IllegalStateException(path + " is claimed by both the " + previousOwner + " and the "
                        + owner + " face");
            }
            Handler previous = routes.computeIfAbsent(path, p -> new LinkedHashMap<>()).putIfAbsent(method, handler);
            if (previous != null) {
                throw new IllegalStateException("two handlers for " + method + " " + path);
            }
            return this;
        }

        /**
         * A conditional claim: requests for {@code method} and {@code path} that {@code when} matches go to
         * {@code handler}, before the path's owner (if any) sees them; the others reach the owner as before. Claims
         * are tried in the order they were added. {@code when} must not throw.
         */
        public Builder claim(Fallbacks fallbacks, String method, String path, Predicate<HttpRequest> when,
                             Handler handler) {
            claims.computeIfAbsent(path, p -> new ArrayList<>()).add(new Claim(method, when, handler, fallbacks));
            return this;
        }

        /**
         * A family of paths: every path {@code paths} accepts that no route has exactly goes to {@code handler},
         * whatever its method (the handler answers a wrong one). Families are tried in the order they were added;
         * {@code paths} must not throw.
         */
        public Builder family(Fallbacks fallbacks, Predicate<String> paths, Handler handler) {
            families.add(new Family(paths, handler, fallbacks));
            return this;
        }

        /** Adds a filter around every route and every fallback. */
        public Builder filter(Filter filter) {
            filters.add(filter);
            return this;
        }

        public Router build() {
            Map<String, Owned> copy = new LinkedHashMap<>();
            routes.forEach((path, byMethod) -> {
                copy.put(path, new Owned(ownerFallbacks.get(owners.get(path)), Map.copyOf(byMethod)));
            });
            Map<String, List<Claim>> claimCopy = new LinkedHashMap<>();
            claims.forEach((path, list) -> claimCopy.put(path, List.copyOf(list)));
            return new Router(Map.copyOf(copy), Map.copyOf(claimCopy), List.copyOf(families), List.copyOf(filters),
                    defaults);
        }
    }
}
