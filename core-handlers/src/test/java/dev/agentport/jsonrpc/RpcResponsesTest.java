package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.a2a.WrittenTask;
import dev.agentport.agent.Part;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RpcResponsesTest {

    @ParameterizedTest
    @ValueSource(strings = {"1", "\"a-\\u00e9\"", "null", "-7", "12345678901234", "1.5"})
    void a_result_given_as_bytes_is_the_result_written_as_a_value(String idJson) throws Exception {
        JsonNode id = Json.parse(idJson.getBytes(StandardCharsets.UTF_8));
        A2aTask task = new A2aTask("t1", "c1", new TaskStatus(TaskState.COMPLETED, null,
                Instant.parse("2026-01-02T03:04:05.678Z")), List.of(), null,
                List.of(new A2aMessage("m1", "user", List.of(Part.text("hi")), "t1", "c1")));
        assertEquals(new String(RpcResponses.result(id, task).bytes(), StandardCharsets.UTF_8),
                new String(RpcResponses.result(id, WrittenTask.of(task).bytes()), StandardCharsets.UTF_8));
    }

    /** The head as a generator writes it: the object's members, without its closing brace, then the result's name. */
    private static String headWrittenByAGenerator(JsonNode id) {
        String written = new String(Json.written(out -> {
            out.writeStartObject();
            out.writeStringField("jsonrpc", "2.0");
            out.writeFieldName("id");
            Json.writeNode(out, id);
            out.writeEndObject();
        }), StandardCharsets.UTF_8);
        return written.substring(0, written.length() - 1) + ",\"result\":";
    }

    @Test
    void a_result_s_head_is_the_envelope_a_generator_writes_for_its_id() throws Exception {
        List<String> ids = new ArrayList<>(List.of("0", "-0", "1", "-1", "7", "2147483647", "-2147483648",
                "2147483648", "9223372036854775807", "-9223372036854775808", "9223372036854775808", "1.5", "1e3",
                "null", "\"\"", "\"a\"", "\"a-\\u00e9 \\\" \\n\"", "\"\\uD83D\\uDE00\""));
        Random random = new Random(14);
        for (int i = 0; i < 2_000; i++) {
            ids.add(Long.toString(i % 2 == 0 ? random.nextInt() : random.nextLong()));
        }
        for (String idJson : ids) {
            JsonNode id = Json.parse(idJson.getBytes(StandardCharsets.UTF_8));
            assertEquals(headWrittenByAGenerator(id), new String(RpcResponses.resultHead(id), StandardCharsets.UTF_8),
                    idJson);
        }
    }
}
