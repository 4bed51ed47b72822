package dev.agentport.http;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RouterTest {

    /** Fallbacks that stamp their answers with {@code name}, so a test can tell whose answer it got. */
    private static Router.Fallbacks fallbacks(String name) {
        return new Router.Fallbacks() {
            @Override
            public HttpResponse notFound(HttpRequest request) {
                return HttpResponse.builder(404).header("X-Answered-By", name).build();
            }

            @Override
            public HttpResponse methodNotAllowed(HttpRequest request, Set<String> allowed) {
                return HttpResponse.builder(405).header("X-Answered-By", name)
                        .header("Allow", String.join(", ", allowed)).build();
            }

            @Override
            public HttpResponse internalError(HttpRequest request, RuntimeException error) {
                return HttpResponse.builder(500).header("X-Answered-By", name).build();
            }
        };
    }

    private static final Router.Fallbacks DEFAULTS = fallbacks("defaults");
    private static final Router.Fallbacks OWNER = fallbacks("owner");

    private final Router router = Router.builder(DEFAULTS)
            .route("owner", OWNER, "GET", "/a", request -> HttpResponse.builder(200).body("a".getBytes()).build())
            .route("owner", OWNER, "POST", "/b", request -> {
                throw new IllegalStateException("boom");
            })
            .filter((request, next) -> next.handle(request).withHeader("X-Filtered", "yes"))
            .build();

    @Test
    void exact_path_and_method_pick_the_handler() {
        assertEquals(200, router.handle(HttpRequest.builder("GET", "/a").build()).status());
    }

    @Test
    void unknown_path_goes_to_the_default_not_found() {
        HttpResponse response = router.handle(HttpRequest.builder("GET", "/zzz").build());
        assertEquals(404, response.status());
        assertEquals("defaults", response.header("X-Answered-By"));
    }

    @Test
    void wrong_method_is_answered_by_the_owner_with_the_allowed_ones() {
        HttpResponse response = router.handle(HttpRequest.builder("DELETE", "/a").build());
        assertEquals(405, response.status());
        assertEquals("owner", response.header("X-Answered-By"));
        assertEquals("GET, HEAD", response.header("Allow"));
    }

    @Test
    void head_is_served_by_get_without_a_body() {
        HttpResponse response = router.handle(HttpRequest.builder("HEAD", "/a").build());
        assertEquals(200, response.status());
        assertEquals(0, response.bodyBytes().length);
    }

    @Test
    void handler_exception_goes_to_the_owners_internal_error() {
        HttpResponse response = router.handle(HttpRequest.builder("POST", "/b").build());
        assertEquals(500, response.status());
        assertEquals("owner", response.header("X-Answered-By"));
    }

    @Test
    void filters_wrap_fallbacks_too() {
        assertEquals("yes", router.handle(HttpRequest.builder("GET", "/zzz").build()).header("X-Filtered"));
    }

    @Test
    void a_path_has_one_owner() {
        Router.Builder builder = Router.builder(DEFAULTS).route("owner", OWNER, "GET", "/a", request -> null);
        assertThrows(IllegalStateException.class,
                () -> builder.route("other", fallbacks("other"), "POST", "/a", request -> null));
    }

    @Test
    void a_method_and_path_have_one_handler() {
        Router.Builder builder = Router.builder(DEFAULTS).route("owner", OWNER, "GET", "/a", request -> null);
        assertThrows(IllegalStateException.class, () -> builder.route("owner", OWNER, "GET", "/a", request -> null));
    }

    @Test
    void a_family_takes_the_paths_it_accepts_that_no_route_has_exactly() {
        Router.Fallbacks family = fallbacks("family");
        Router withFamily = Router.builder(DEFAULTS)
                .route("owner", OWNER, "GET", "/tasks/a", request -> HttpResponse.builder(200).build())
                .family(family, path -> path.startsWith("/tasks/"), request -> HttpResponse.builder(202).build())
                .build();
        assertEquals(200, withFamily.handle(HttpRequest.builder("GET", "/tasks/a").build()).status());
        assertEquals(202, withFamily.handle(HttpRequest.builder("DELETE", "/tasks/b:cancel").build()).status());
        assertEquals("defaults", withFamily.handle(HttpRequest.builder("GET", "/other").build())
                .header("X-Answered-By"));
    }

    @Test
    void a_family_handler_exception_goes_to_the_familys_internal_error() {
        Router withFamily = Router.builder(DEFAULTS)
                .family(fallbacks("family"), path -> true, request -> {
                    throw new IllegalStateException("boom");
                })
                .build();
        HttpResponse response = withFamily.handle(HttpRequest.builder("GET", "/x").build());
        assertEquals(500, response.status());
        assertEquals("family", response.header("X-Answered-By"));
    }
}
