package dev.agentport.agentbreeder;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.agent.Interrupt;
import dev.agentport.agent.RunResult;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class InvokeResponsesTest {

    @Test
    void the_answer_written_straight_is_the_bytes_of_its_tree() throws IOException {
        List<String> outputs = List.of(
                "\"hello\"",
                "\"h\\u00e9llo \\u2028 <>&\\\\\\\" \\t \\ud83d\\ude00\"",
                "{\"a\":[1,2.50,-0.0,1e400,12345678901234567890],\"b\":null,\"c\":{\"d\":true}}",
                "[\"q\",{},[]]",
                "null",
                "42");
        for (String output : outputs) {
            JsonNode node = Json.MAPPER.readTree(output);
            assertSameBytes("session-1", RunResult.of(node));
        }
    }

    @Test
    void an_interrupted_answer_written_straight_is_the_bytes_of_its_tree() throws IOException {
        Interrupt interrupt = new Interrupt(List.of("approval"),
                (com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER.readTree(
                        "{\"question\":\"Go ahead?\",\"status\":\"ignored\"}"),
                Json.MAPPER.readTree("{\"step\":2}"));
        assertSameBytes("thread-\u00e9", new RunResult(null, interrupt));
    }

    private static void assertSameBytes(String sessionId, RunResult result) {
        String tree = new String(Json.bytes(InvokeResponses.body(sessionId, result)), StandardCharsets.UTF_8);
        String straight = new String(InvokeResponses.bytes(sessionId, result), StandardCharsets.UTF_8);
        assertEquals(tree, straight);
    }
}
