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
    void a_text_answer_written_without_a_generator_is_the_bytes_of_its_tree() {
        StringBuilder every = new StringBuilder();
        for (char c = 0; c < 0xffff; c++) {
            String one = String.valueOf(c);
            assertSameBytes("session-1", RunResult.of(com.fasterxml.jackson.databind.node.TextNode.valueOf(one)));
            assertSameBytes(one, RunResult.of(com.fasterxml.jackson.databind.node.TextNode.valueOf("x")));
            every.append(c);
        }
        for (String output : List.of("", "hello", "a\"b\\c/d\n\r\t\b\f\u0000\u001f\u007f\u0080\u07ff\u0800",
                "\ud83d\ude00 pair", "lone \ud83d", "lone \ude00 low", every.toString())) {
            assertSameBytes("session-\u00e9 \"x\"", RunResult.of(com.fasterxml.jackson.databind.node.TextNode.valueOf(output)));
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
