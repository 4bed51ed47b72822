package dev.agentport.playground;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.AgentPort;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.face.DefaultErrors;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.Router;
import dev.agentport.json.Json;
import dev.agentport.runtime.Settings;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The playground page: served only when asked for, with its types and headers, and no way around the token. */
class PlaygroundTest {

    @Test
    void the_playground_is_off_by_default_and_its_paths_are_the_unowned_404() throws Exception {
        AgentPort port = port(Map.of());
        for (String path : new String[] {"/playground", "/playground/playground.js", "/playground/playground.css"}) {
            HttpResponse response = port.handle(get(path));
            assertEquals(404, response.status(), path);
            JsonNode envelope = Json.parse(response.bodyBytes());
            assertEquals("NOT_FOUND", envelope.at("/error/code").asText(), envelope.toString());
        }
        assertEquals(404, port(Map.of(Playground.VARIABLE, "false")).handle(get("/playground")).status());
    }

    @Test
    void agent_playground_true_serves_the_page_its_script_and_its_style_with_their_types() {
        AgentPort port = port(Map.of(Playground.VARIABLE, "true"));
        assertServed(port, "/playground", "text/html; charset=utf-8", "<script src=\"/playground/playground.js\"");
        assertServed(port, "/playground/playground.js", "text/javascript; charset=utf-8", "'use strict';");
        assertServed(port, "/playground/playground.css", "text/css; charset=utf-8", "body {");
    }

    @Test
    void every_asset_carries_a_strict_content_security_policy_nosniff_and_revalidation() {
        AgentPort port = port(Map.of(Playground.VARIABLE, "true"));
        for (PlaygroundAsset asset : Playground.assets()) {
            HttpResponse response = port.handle(get(asset.path()));
            String policy = response.header("Content-Security-Policy");
            assertTrue(policy.startsWith("default-src 'none'; script-src 'self';"), policy);
            assertFalse(policy.contains("unsafe-inline") || policy.contains("unsafe-eval") || policy.contains("http"),
                    policy);
            assertEquals("nosniff", response.header("X-Content-Type-Options"));
            assertEquals("no-cache", response.header("Cache-Control"));
            assertTrue(response.header("ETag").matches("\"[0-9a-f]{32}\""), response.header("ETag"));
        }
    }

    @Test
    void a_file_is_read_from_the_jar_at_its_first_request_not_at_start_up() {
        List<LazyAsset> files = Playground.files();
        Router.Builder routes = Router.builder(DefaultErrors.plain());
        Playground.mount(routes, DefaultErrors.plain(), files);
        Router router = routes.build();
        assertTrue(files.stream().noneMatch(LazyAsset::isRead), "read at mount");

        assertEquals(200, router.handle(get("/playground/playground.js")).status());
        for (LazyAsset file : files) {
            assertEquals(file.path().equals("/playground/playground.js"), file.isRead(), file.path());
        }
    }

    @Test
    void a_file_missing_from_the_jar_stops_start_up_at_mount_naming_it() {
        List<LazyAsset> files = List.of(Playground.files().get(0),
                new LazyAsset("/playground/missing.js", "missing.js", "text/javascript; charset=utf-8"));
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> Playground.mount(Router.builder(DefaultErrors.plain()), DefaultErrors.plain(), files));
        assertEquals("the playground's missing.js is missing from the jar", refused.getMessage());
    }

    @Test
    void a_lazy_file_missing_from_the_jar_fails_its_request_naming_it() {
        LazyAsset missing = new LazyAsset("/playground/missing.js", "missing.js", "text/javascript; charset=utf-8");
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> missing.handle(get("/playground/missing.js")));
        assertTrue(refused.getMessage().contains("missing.js"), refused.getMessage());
    }

    @Test
    void the_page_holds_no_inline_script_or_style() {
        String page = text(port(Map.of(Playground.VARIABLE, "true")).handle(get("/playground")));
        assertFalse(page.matches("(?s).*<script>.*"), "inline script");
        assertFalse(page.contains("<style") || page.contains("style="), "inline style");
        assertFalse(page.matches("(?s).*\\son[a-z]+=.*"), "inline event handler");
    }

    @Test
    void an_unchanged_asset_is_304_without_a_body() {
        AgentPort port = port(Map.of(Playground.VARIABLE, "true"));
        String etag = port.handle(get("/playground/playground.js")).header("ETag");
        HttpResponse again = port.handle(HttpRequest.builder("GET", "/playground/playground.js")
                .header("If-None-Match", etag).build());
        assertEquals(304, again.status());
        assertEquals(0, again.bodyBytes().length);
        assertEquals(etag, again.header("ETag"));
    }

    @Test
    void another_method_on_the_page_is_405_in_the_unowned_paths_shape() throws Exception {
        HttpResponse response = port(Map.of(Playground.VARIABLE, "true")).handle(HttpRequest.builder("POST", "/playground")
                .header("Content-Type", "application/json").body("{}").build());
        assertEquals(405, response.status());
        assertEquals("GET, HEAD", response.header("Allow"));
        assertEquals("METHOD_NOT_ALLOWED", Json.parse(response.bodyBytes()).at("/error/code").asText());
    }

    @Test
    void with_a_token_the_page_is_served_but_the_calls_it_makes_need_the_token() {
        AgentPort port = port(Map.of(Playground.VARIABLE, "true", "AGENT_AUTH_TOKEN", "s3cret"));
        assertEquals(200, port.handle(get("/playground")).status());
        assertEquals(200, port.handle(get("/playground/playground.js")).status());
        assertEquals(401, port.handle(invoke(null)).status());
        assertEquals(403, port.handle(invoke("Bearer nope")).status());
        assertEquals(200, port.handle(invoke("Bearer s3cret")).status());
    }

    @Test
    void agent_playground_other_than_true_or_false_stops_start_up_naming_the_variable() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> port(Map.of(Playground.VARIABLE, "yes")));
        assertTrue(error.getMessage().startsWith("AGENT_PLAYGROUND must be true or false"), error.getMessage());
    }

    private static void assertServed(AgentPort port, String path, String type, String start) {
        HttpResponse response = port.handle(get(path));
        assertEquals(200, response.status(), path);
        assertEquals(type, response.header("Content-Type"), path);
        assertTrue(text(response).contains(start), path);
        HttpResponse head = port.handle(HttpRequest.builder("HEAD", path).build());
        assertEquals(200, head.status());
        assertArrayEquals(new byte[0], head.bodyBytes());
    }

    private static AgentPort port(Map<String, String> variables) {
        return AgentPort.builder().agent(new DefaultAgent(Duration.ZERO)).settings(Settings.of(variables)).build()
                .startAndAwait();
    }

    private static HttpRequest get(String path) {
        return HttpRequest.builder("GET", path).build();
    }

    private static HttpRequest invoke(String authorization) {
        HttpRequest.Builder request = HttpRequest.builder("POST", "/invoke").header("Content-Type", "application/json")
                .body("{\"input\":\"hi\"}");
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return request.build();
    }

    private static String text(HttpResponse response) {
        return new String(response.bodyBytes(), StandardCharsets.UTF_8);
    }
}
