package dev.agentport.priming;

import dev.agentport.http.HttpRequest;
import dev.agentport.runtime.RuntimeConfig;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which requests prime which faces. */
class PrimingRequestsTest {

    private static List<String> paths(List<String> faces) {
        return PrimingRequests.forFaces(faces, RuntimeConfig.defaults()).stream().map(HttpRequest::path).toList();
    }

    @Test
    void each_enabled_face_gets_its_own_calls_and_health_comes_first() {
        assertEquals(List.of("/health", "/", "/", "/invoke", "/stream"), paths(List.of("daedalus", "agentbreeder")));
    }

    @Test
    void without_a_face_that_serves_health_it_is_not_asked_for() {
        assertEquals(List.of("/mcp", "/mcp", "/mcp"), paths(List.of("mcp")));
    }

    @Test
    void the_loopback_only_local_adapter_and_unknown_faces_are_left_out() {
        assertEquals(List.of("/a2a", "/a2a"), paths(List.of("local", "a2a-jsonrpc", "my-own-face")));
    }

    @Test
    void the_token_goes_with_every_call_but_health() {
        List<HttpRequest> requests = PrimingRequests.forFaces(List.of("agentbreeder"),
                RuntimeConfig.defaults().withAuthToken("s3cret"));
        assertEquals(null, requests.get(0).header("Authorization"));
        assertEquals("Bearer s3cret", requests.get(1).header("Authorization"));
    }
}
