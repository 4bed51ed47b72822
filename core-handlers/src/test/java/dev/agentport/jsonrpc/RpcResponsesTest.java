package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.a2a.WrittenTask;
import dev.agentport.agent.Part;
import dev.agentport.json.Json;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

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
}
