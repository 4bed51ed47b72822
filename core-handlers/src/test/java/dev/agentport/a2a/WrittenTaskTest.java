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

    @Test
    void one_point_zero_s_result_made_from_the_written_task_is_the_task_written_in_proto_json() {
        ObjectNode data = Json.object();
        data.putArray("rows").add(1).add(2.5).addNull().addObject().put("kind", "text").put("state", "completed");
        Artifact described = Artifact.builder().artifactId("a\u00e9").name("n").description("d \"x\"")
                .part(Part.data(data)).part(Part.text("")).part(Part.text("\u2603\n")).metadata(data).build();
        A2aMessage userData = new A2aMessage("m2", "user", List.of(Part.data(data), Part.text("t")), null, "c1");
        List<A2aTask> tasks = new java.util.ArrayList<>(tasks());
        for (TaskState state : TaskState.values()) {
            tasks.add(new A2aTask("t", "c", new TaskStatus(state, state.ordinal() % 2 == 0 ? AGENT : userData, AT),
                    List.of(described, REPLY), state.ordinal() % 2 == 0 ? data : null, List.of(userData, USER, AGENT)));
        }
        tasks.add(new A2aTask("t", "c", new TaskStatus(TaskState.WORKING, null, AT), List.of(), null, List.of()));
        // a file part has other members in 1.0: that task is written again
        tasks.add(new A2aTask("t", "c", new TaskStatus(TaskState.COMPLETED, null, AT),
                List.of(Artifact.file("f.txt", "text/plain", new byte[] {1, 2}), REPLY), data, List.of(USER)));
        tasks.add(new A2aTask("t", "c", new TaskStatus(TaskState.COMPLETED, null, AT), List.of(REPLY), null,
                List.of(new A2aMessage("m", "user", List.of(new Part.File(null, null, null, "https://x/f")), null,
                        null))));
        int edited = 0;
        for (A2aTask task : tasks) {
            WrittenTask written = WrittenTask.of(task);
            assertEquals(text(ProtoJsonShapes.taskResult(task).bytes()),
                    text(ProtoJsonShapes.writtenTaskResult(written, new byte[0], new byte[0])));
            assertEquals("[1," + text(ProtoJsonShapes.taskResult(task).bytes()) + ",2]",
                    text(ProtoJsonShapes.writtenTaskResult(written, "[1,".getBytes(StandardCharsets.UTF_8),
                            ",2]".getBytes(StandardCharsets.UTF_8))));
            edited += written.protoJsonEdits().apply(written.bytes(), new byte[0], new byte[0]) != null ? 1 : 0;
        }
        assertEquals(tasks.size() - 2, edited); // all but the two with a file part were edited, not written again
    }
}
