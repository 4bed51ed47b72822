package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** 2026-07-28 results of tools/list and server/discover carry caching hints; earlier revisions' do not. */
class McpCachingHintsRulesTest {

    @Test
    void tools_list_in_2026_07_28_says_how_long_and_by_whom_it_may_be_cached() throws Exception {
        JsonNode result = Modern.core().send("tools/list", Modern.params()).json().get("result");
        assertEquals(300_000, result.get("ttlMs").asLong(), result.toString());
        assertEquals("public", result.get("cacheScope").asText(), result.toString());
    }

    @Test
    void server_discover_says_how_long_and_by_whom_it_may_be_cached() throws Exception {
        JsonNode result = Modern.core().send("server/discover", Modern.params()).json().get("result");
        assertEquals(300_000, result.get("ttlMs").asLong(), result.toString());
        assertEquals("public", result.get("cacheScope").asText(), result.toString());
    }

    @Test
    void tools_list_before_2026_07_28_has_no_caching_hints() throws Exception {
        JsonNode result = Modern.core().legacy("tools/list", Json.object()).json().get("result");
        assertFalse(result.has("ttlMs"), result.toString());
        assertFalse(result.has("cacheScope"), result.toString());
    }
}
