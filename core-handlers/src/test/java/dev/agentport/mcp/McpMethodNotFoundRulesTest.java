package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.contract.Exchange;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * In 2026-07-28 a method the server does not implement, the ones that revision removed included, is answered with
 * HTTP 404 and {@code -32601}; earlier revisions keep HTTP 200.
 */
class McpMethodNotFoundRulesTest {

    /** An extension that still serves the methods 2026-07-28 removed, as a 2025 server would. */
    private static final class LegacyMethods implements McpExtension {
        @Override
        public Optional<JsonNode> handle(String method, ObjectNode params, McpCall call) {
            return switch (method) {
                case "logging/setLevel", "resources/subscribe", "resources/unsubscribe" -> Optional.of(Json.object());
                default -> Optional.empty();
            };
        }
    }

    private static void assertNotFound(Exchange answer, int status) {
        assertEquals(status, answer.status(), answer.toString());
        assertEquals(-32601, answer.json().at("/error/code").asInt(), answer.toString());
        assertEquals(9, answer.json().get("id").asInt(), answer.toString());
    }

    @Test
    void an_unknown_method_in_2026_07_28_is_404_with_32601() throws Exception {
        assertNotFound(Modern.core().send("unknown/method", Modern.params()), 404);
    }

    @ParameterizedTest
    @ValueSource(strings = {"initialize", "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe"})
    void a_method_removed_in_2026_07_28_is_404_with_32601_even_when_an_extension_serves_it(String method)
            throws Exception {
        assertNotFound(Modern.core(new LegacyMethods()).send(method, Modern.params()), 404);
    }

    @Test
    void an_unknown_method_before_2026_07_28_stays_http_200() throws Exception {
        assertNotFound(Modern.core().legacy("unknown/method", Json.object()), 200);
    }

    @Test
    void methods_removed_in_2026_07_28_are_still_served_before_it() throws Exception {
        Modern core = Modern.core(new LegacyMethods());
        assertEquals(200, core.legacy("ping", Json.object()).status());
        assertEquals(Json.object(), core.legacy("logging/setLevel", Json.object().put("level", "info")).json()
                .get("result"));
    }
}
