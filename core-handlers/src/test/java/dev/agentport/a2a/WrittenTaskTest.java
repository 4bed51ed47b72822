package dev.agentport.a2a;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Part;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class WrittenTaskTest {

    private static final Instant AT = Instant.parse("2026-01-02T03:04:05.678Z");
    private static final A2aMessage USER = new A2aMessage("m1", "user", List.of(Part.text("hello \u2603")), "t1", "c1");
    private static final A2aMessage AGENT = new A2aMessage(null, "agent", List.of(Part.text("q")), null, null);
    private static final Artifact REPLY = Artifact.builder().artifactId("t1-reply").name("reply")
            .part(Part.text("hi \"there\"")).build();

    private static List<A2aTask> tasks() {
        ObjectNode metadata = Json.object();
        metadata.putObject("contextUsage").put("currentTokens", 15).put("usagePercent", 0.8);
        return List.of(
                new A2aTask("t1", "c1", new TaskStatus(TaskState.COMPLETED, null, AT), List.of(REPLY), metadata,
                        List.of(USER, AGENT)),
                new A2aTask("t1", "c1", new TaskStatus(TaskState.COMPLETED, null, AT), List.of(), null,
                        List.of(USER)),
                new A2aTask("t2", "c2", new TaskStatus(TaskState.INPUT_REQUIRED, AGENT, AT), List.of(REPLY),
                        Json.object(), List.of()),
                new A2aTask("t3", "c3", new TaskStatus(TaskState.FAILED, USER, AT), List.of(), metadata,
                        List.of(USER)));
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Test
    void a_written_task_is_the_bytes_the_task_writes() {
        for (A2aTask task : tasks()) {
            assertEquals(text(task.bytes()), text(WrittenTask.of(task).bytes()));
        }
    }

    @Test
    void without_its_history_it_is_the_bytes_of_the_task_with_no_history() {
        for (A2aTask task : tasks()) {
            assertEquals(text(task.withHistoryLength(0).bytes()), text(WrittenTask.of(task).withoutHistory()));
        }
    }
}
