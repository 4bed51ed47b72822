package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.SseEvent;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * In 2026-07-28 log messages ({@code notifications/message}) reach the client only when the request set
 * {@code _meta["io.modelcontextprotocol/logLevel"]}, and only at or above that level. Earlier revisions are unchanged.
 */
class McpLogLevelRulesTest {

    /** A streaming tool that logs at debug, info and error, then answers. */
    private static final class Logs implements McpExtension {
        @Override
        public List<McpTool> tools() {
            return List.of(new StreamingTool("logs", "logs three times", call -> {
                for (String level : List.of("debug", "info", "error")) {
                    call.notify("notifications/message", Json.object().put("level", level).put("data", level));
                }
                return "logged";
            }));
        }
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonNode read(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + json, e);
        }
    }

    private static List<String> logged(Exchange answer) {
        return answer.events().stream().map(SseEvent::data).map(McpLogLevelRulesTest::read)
                .filter(message -> message.path("method").asText().equals("notifications/message"))
                .map(message -> message.at("/params/level").asText()).toList();
    }

    @Test
    void no_log_message_reaches_a_2026_07_28_request_that_set_no_log_level() throws Exception {
        Exchange answer = Modern.core(new Logs()).send("tools/call", Modern.toolCall("logs"));
        assertEquals(List.of(), logged(answer), answer.toString());
        assertEquals("logged", read(answer.events().getLast().data()).at("/result/content/0/text").asText());
    }

    @Test
    void log_messages_at_or_above_the_requested_level_reach_the_client() throws Exception {
        ObjectNode params = Modern.toolCall("logs");
        params.withObject("/_meta").put("io.modelcontextprotocol/logLevel", "info");
        Exchange answer = Modern.core(new Logs()).send("tools/call", params);
        assertEquals(List.of("info", "error"), logged(answer), answer.toString());
    }

    @Test
    void log_messages_before_2026_07_28_are_all_sent() throws Exception {
        Exchange answer = Modern.core(new Logs()).legacy("tools/call", Json.object().put("name", "logs"));
        assertEquals(List.of("debug", "info", "error"), logged(answer), answer.toString());
    }
}
