package dev.agentport.http;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RouterTest {

    private static final Router.Fallbacks FALLBACKS = new Router.Fallbacks() {
        @Override
        public HttpResponse notFound(HttpRequest request) {
            return HttpResponse.builder(404).build();
        }

        @Override
        public HttpResponse methodNotAllowed(HttpRequest request, Set<String> allowed) {
            return HttpResponse.builder(405).header("Allow", String.join(", ", allowed)).build();
        }

        @Override
        public HttpResponse internalError(HttpRequest request, RuntimeException error) {
            return HttpResponse.builder(500).build();
        }
    };

    private final Router router = Router.builder(FALLBACKS)
            .get("/a", request -> HttpResponse.builder(200).body("a".getBytes()).build())
            .post("/b", request -> {
                throw new IllegalStateException("boom");
            })
            .filter((request, next) -> next.handle(request).withHeader("X-Filtered", "yes"))
            .build();

    @Test
    void exact_path_and_method_pick_the_handler() {
        assertEquals(200, router.handle(HttpRequest.builder("GET", "/a").build()).status());
    }

    @Test
    void unknown_path_goes_to_not_found() {
        assertEquals(404, router.handle(HttpRequest.builder("GET", "/zzz").build()).status());
    }

    @Test
    void wrong_method_lists_the_allowed_ones() {
        HttpResponse response = router.handle(HttpRequest.builder("DELETE", "/a").build());
        assertEquals(405, response.status());
        assertEquals("GET, HEAD", response.header("Allow"));
    }

    @Test
    void head_is_served_by_get_without_a_body() {
        HttpResponse response = router.handle(HttpRequest.builder("HEAD", "/a").build());
        assertEquals(200, response.status());
        assertEquals(0, response.bodyBytes().length);
    }

    @Test
    void handler_exception_goes_to_internal_error() {
        assertEquals(500, router.handle(HttpRequest.builder("POST", "/b").build()).status());
    }

    @Test
    void filters_wrap_fallbacks_too() {
        assertEquals("yes", router.handle(HttpRequest.builder("GET", "/zzz").build()).header("X-Filtered"));
    }
}
