package dev.agentport.helidon;

import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.runtime.Settings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The playground on a started server on loopback: every path its page and script ask for is served. */
class PlaygroundOverHelidonTest {

    /** A path in the script: a quoted string that starts with a slash. */
    private static final Pattern SCRIPT_PATH = Pattern.compile("'(/[^'\\s]*)'");
    /** A path in the page: a link, a script, a document button. */
    private static final Pattern PAGE_PATH = Pattern.compile("(?:href|src|data-path)=\"(/[^\"]*)\"");

    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static AgentPortServer server;

    @BeforeAll
    static void start() throws InterruptedException {
        server = server(Map.of("AGENT_PLAYGROUND", "true", "AGENT_AUTH_TOKEN", "s3cret"));
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    @Test
    void every_path_the_page_and_its_script_ask_for_is_served() throws Exception {
        Set<String> paths = new TreeSet<>();
        paths.addAll(matches(PAGE_PATH, get(server, "/playground").body()));
        paths.addAll(matches(SCRIPT_PATH, get(server, "/playground/playground.js").body()));
        assertTrue(paths.containsAll(Set.of("/playground/playground.js", "/playground/playground.css", "/invoke",
                "/stream", "/resume", "/", "/a2a", "/mcp", "/.well-known/agent.json", "/.well-known/agent-card.json",
                "/openapi.json", "/runtime-contract.json", "/.well-known/mcp/server.json")), paths.toString());
        for (String path : paths) {
            assertNotEquals(404, get(server, path).statusCode(), path);
        }
    }

    @Test
    void with_a_token_the_page_is_public_and_the_calls_it_makes_are_not() throws Exception {
        HttpResponse<String> page = get(server, "/playground");
        assertEquals(200, page.statusCode());
        assertEquals("text/html; charset=utf-8", page.headers().firstValue("Content-Type").orElseThrow());
        assertEquals("nosniff", page.headers().firstValue("X-Content-Type-Options").orElseThrow());
        assertTrue(page.headers().firstValue("Content-Security-Policy").orElseThrow().startsWith("default-src 'none'"));
        assertEquals(401, invoke(null).statusCode());
        assertEquals(403, invoke("Bearer nope").statusCode());
        assertEquals(200, invoke("Bearer s3cret").statusCode());
    }

    @Test
    void without_agent_playground_the_page_is_404() throws Exception {
        AgentPortServer plain = server(Map.of());
        try {
            assertEquals(404, get(plain, "/playground").statusCode());
            assertEquals(404, get(plain, "/playground/playground.js").statusCode());
        } finally {
            plain.stop();
        }
    }

    private static AgentPortServer server(Map<String, String> variables) throws InterruptedException {
        Map<String, String> settings = new java.util.HashMap<>(variables);
        settings.put("PORT", "0");
        return AgentPortServer.builder().agent(new DefaultAgent(Duration.ZERO)).settings(Settings.of(settings))
                .host(AgentPortServer.LOOPBACK)
                .build().start().awaitLoaded(Duration.ofSeconds(30));
    }

    private static Set<String> matches(Pattern pattern, String text) {
        Set<String> found = new TreeSet<>();
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            found.add(matcher.group(1));
        }
        return found;
    }

    private static HttpResponse<String> get(AgentPortServer on, String path) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + on.port() + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> invoke(String authorization) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/invoke"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"input\":\"hi\"}"));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
