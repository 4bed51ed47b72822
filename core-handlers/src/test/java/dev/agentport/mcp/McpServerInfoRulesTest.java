package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** 2026-07-28 results name the server in {@code _meta["io.modelcontextprotocol/serverInfo"]}. */
class McpServerInfoRulesTest {

    private static final String SERVER_INFO = "/_meta/io.modelcontextprotocol~1serverInfo";

    @Test
    void server_discover_names_the_server_in_its_result_meta() throws Exception {
        JsonNode result = Modern.core().send("server/discover", Modern.params()).json().get("result");
        assertEquals("agentport-default-agent", result.at(SERVER_INFO + "/name").asText(), result.toString());
        assertFalse(result.at(SERVER_INFO + "/version").asText().isEmpty(), result.toString());
        assertEquals("agentport-default-agent", result.at("/serverInfo/name").asText(), result.toString());
    }

    @Test
    void every_2026_07_28_result_names_the_server_in_its_meta() throws Exception {
        JsonNode result = Modern.core().send("tools/call", Modern.toolCall("get_health")).json().get("result");
        assertEquals("agentport-default-agent", result.at(SERVER_INFO + "/name").asText(), result.toString());
    }

    @Test
    void results_before_2026_07_28_carry_no_server_info_meta() throws Exception {
        JsonNode result = Modern.core().legacy("tools/list", Json.object()).json().get("result");
        assertFalse(result.has("_meta"), result.toString());
    }
}
