package dev.agentport.validate.mcp;

import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How the answer to a POST becomes JSON-RPC messages, as a JSON object or as an event stream. */
class ReplyTest {

    @Test
    void a_json_answer_is_one_message() {
        Reply reply = reply("application/json", "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"result\":{}}");
        assertEquals(1, reply.messages().size());
        assertTrue(reply.result("a").isEmpty());
    }

    @Test
    void an_event_stream_gives_its_messages_and_a_priming_event_none() {
        Reply reply = reply("text/event-stream", "id: 0\ndata:\n\n"
                + "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\","
                + "\"params\":{\"progressToken\":\"t\",\"progress\":1}}\n\n"
                + "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"a\",\"result\":{\"tools\":[]}}\n\n");
        assertEquals(2, reply.messages().size());
        assertEquals(1, reply.notifications("notifications/progress").size());
        assertTrue(reply.result("a").path("tools").isArray());
    }

    @Test
    void a_missing_response_fails_naming_what_came_instead() {
        Reply reply = reply("text/html", "<html>not here</html>");
        RuleFailed failed = assertThrows(RuleFailed.class, () -> reply.response("a"));
        assertTrue(failed.getMessage().contains("text/html"), failed.getMessage());
    }

    @Test
    void an_error_fails_the_result_quoting_it() {
        Reply reply = reply("application/json", "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"error\":{\"code\":-32601,"
                + "\"message\":\"Method not found\"}}");
        assertEquals(-32601, reply.errorCode());
        RuleFailed failed = assertThrows(RuleFailed.class, () -> reply.result("a"));
        assertTrue(failed.getMessage().contains("-32601"), failed.getMessage());
    }

    private static Reply reply(String type, String body) {
        Answer answer = new Answer(Request.post("/mcp").build(), 200, Map.of("Content-Type", List.of(type)),
                body.getBytes(StandardCharsets.UTF_8), List.of());
        return Reply.of("tools/list (POST /mcp)", answer);
    }
}
