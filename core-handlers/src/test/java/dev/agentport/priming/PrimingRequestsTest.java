package dev.agentport.priming;

import dev.agentport.http.HttpRequest;
import dev.agentport.runtime.RuntimeConfig;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    void the_http_json_binding_sends_and_streams_a_message() {
        assertEquals(List.of("/message:send", "/message:stream"), paths(List.of("a2a-rest")));
    }

    @Test
    void agentcore_pings_then_invokes_as_json_and_as_events() {
        List<HttpRequest> requests = PrimingRequests.forFaces(List.of("agentcore"), RuntimeConfig.defaults());
        assertEquals(List.of("GET /ping", "POST /invocations", "POST /invocations"),
                requests.stream().map(request -> request.method() + " " + request.path()).toList());
        assertEquals(List.of("application/json", "text/event-stream"),
                requests.subList(1, 3).stream().map(request -> request.header("Accept")).toList());
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
    void every_message_has_an_id_of_its_own_so_the_requests_can_be_sent_again() {
        List<String> bodies = new ArrayList<>();
        for (int call = 0; call < 2; call++) {
            PrimingRequests.forFaces(List.of("daedalus", "a2a-jsonrpc"), RuntimeConfig.defaults())
                    .stream().filter(request -> !request.path().equals("/health"))
                    .forEach(request -> bodies.add(new String(request.body(), StandardCharsets.UTF_8)));
        }
        List<String> ids = bodies.stream().map(PrimingRequestsTest::messageId).toList();
        assertEquals(8, ids.size());
        assertEquals(ids.size(), Set.copyOf(ids).size(), ids.toString());
    }

    private static String messageId(String body) {
        Matcher id = Pattern.compile("\"messageId\":\"([^\"]+)\"").matcher(body);
        assertTrue(id.find(), body);
        return id.group(1);
    }

    @Test
    void the_token_goes_with_every_call_but_health() {
        List<HttpRequest> requests = PrimingRequests.forFaces(List.of("agentbreeder"),
                RuntimeConfig.defaults().withAuthToken("s3cret"));
        assertEquals(null, requests.get(0).header("Authorization"));
        assertEquals("Bearer s3cret", requests.get(1).header("Authorization"));
    }
}
