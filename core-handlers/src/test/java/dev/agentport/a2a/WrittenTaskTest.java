package dev.agentport.a2a;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.ContextUsage;
import dev.agentport.agent.Part;
import dev.agentport.agent.RunResult;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Random;

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

    private static final String[] TEXTS = {"", "hello", "snow \u2603", "\uD83D\uDE00 smile", "quote \" back \\ slash",
            "control \u0001\u001f\n\t\r\b\f", "caf\u00e9 \u4e2d\u6587", "</script>", "x".repeat(300)};

    /** The metadata a run reports, as the run's builder makes it and as a tree built then written. */
    private record Reported(ObjectNode built, ObjectNode tree) {
    }

    private static Reported reported(Random random) {
        ContextUsage usage = new ContextUsage(random.nextInt(100_000), random.nextInt(50), random.nextInt(3),
                random.nextBoolean() ? null : random.nextInt(10_000) / 10.0);
        ObjectNode usageTree = Json.object().put("currentTokens", usage.currentTokens())
                .put("turnCount", usage.turnCount()).put("compactionCount", usage.compactionCount());
        if (usage.usagePercent() != null) {
            usageTree.put("usagePercent", usage.usagePercent());
        }
        RunResult.Builder builder = RunResult.builder().output("x");
        ObjectNode tree = Json.object();
        switch (random.nextInt(3)) {
            case 0 -> { // the default agent: the usage alone
                builder.contextUsage(usage);
                tree.set(ContextUsage.KEY, usageTree);
            }
            case 1 -> { // a user's agent: its own members around the usage
                ObjectNode own = Json.object().put("model", TEXTS[random.nextInt(TEXTS.length)]).putNull("none");
                own.putArray("list").add(1.5).add(TEXTS[random.nextInt(TEXTS.length)]);
                builder.metadata("own", own).contextUsage(usage).metadata("after", own.get("list"));
                tree.set("own", own);
                tree.set(ContextUsage.KEY, usageTree);
                tree.set("after", own.get("list"));
            }
            default -> { // the usage, then a member of the agent's own
                ObjectNode own = Json.object().put("v", TEXTS[random.nextInt(TEXTS.length)]);
                builder.contextUsage(usage).metadata("k", own);
                tree.set(ContextUsage.KEY, usageTree);
                tree.set("k", own);
            }
        }
        return new Reported(builder.build().metadata(), tree);
    }

    private static String pick(Random random) {
        return random.nextInt(6) == 0 ? null : TEXTS[random.nextInt(TEXTS.length)];
    }

    private static List<Part> parts(Random random) {
        List<Part> parts = new java.util.ArrayList<>();
        for (int i = random.nextInt(3); i > 0; i--) {
            parts.add(random.nextInt(4) == 0 ? Part.data(Json.object().put("d", TEXTS[random.nextInt(TEXTS.length)]))
                    : Part.text(TEXTS[random.nextInt(TEXTS.length)]));
        }
        return parts;
    }

    @Test
    void a_task_with_the_metadata_a_run_reports_is_written_as_with_that_metadata_built_as_a_tree() {
        Random random = new Random(14);
        for (int i = 0; i < 2_000; i++) {
            Reported metadata = reported(random);
            List<Artifact> artifacts = new java.util.ArrayList<>();
            for (int a = random.nextInt(3); a > 0; a--) {
                artifacts.add(new Artifact("a" + a, pick(random), pick(random), parts(random),
                        random.nextBoolean() ? null : Json.object().put("m", pick(random))));
            }
            List<A2aMessage> history = new java.util.ArrayList<>();
            for (int m = random.nextInt(3); m > 0; m--) {
                history.add(new A2aMessage(pick(random), random.nextBoolean() ? "user" : "agent", parts(random),
                        pick(random), pick(random)));
            }
            TaskState state = TaskState.values()[random.nextInt(TaskState.values().length)];
            TaskStatus status = new TaskStatus(state, random.nextBoolean() ? null : A2aMessage.agentText("q",
                    TEXTS[random.nextInt(TEXTS.length)], "t", null), AT.plusMillis(random.nextInt()));
            String id = TEXTS[random.nextInt(TEXTS.length)];
            A2aTask built = new A2aTask(id, "c", status, artifacts, metadata.built(), history);
            A2aTask tree = new A2aTask(id, "c", status, artifacts, metadata.tree(), history);

            WrittenTask written = WrittenTask.of(built);
            WrittenTask expected = WrittenTask.of(tree);
            assertEquals(text(expected.bytes()), text(written.bytes()));
            assertEquals(text(expected.withoutHistory()), text(written.withoutHistory()));
            assertEquals(text(ProtoJsonShapes.taskResult(tree).bytes()), text(ProtoJsonShapes.taskResult(built).bytes()));
            assertEquals(text(ProtoJsonShapes.taskResult(tree).bytes()),
                    text(ProtoJsonShapes.writtenTaskResult(written, new byte[0], new byte[0])));
            assertEquals(tree.toJson(), built.toJson());
        }
    }
}
