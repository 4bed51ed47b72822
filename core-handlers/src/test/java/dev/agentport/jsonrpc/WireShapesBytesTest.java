package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.StreamEvents;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.a2a.WireValue;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Part;
import dev.agentport.agent.Progress;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The A2A wire shapes, 0.3 and 1.0, tasks, events and JSON-RPC results, over tasks that use every optional field: the
 * bytes must stay those of {@code wire-shapes.txt}, which the tree-built shapes wrote before the shapes were written
 * straight to a generator.
 */
class WireShapesBytesTest {

    private static String render(WireValue value) {
        return value.text();
    }

    private static String bytes(WireValue value) {
        return new String(value.bytes(), StandardCharsets.UTF_8);
    }

    @Test
    void every_shape_writes_the_bytes_it_wrote_as_a_tree() throws Exception {
        Instant t = Instant.parse("2026-01-02T03:04:05.678Z");
        ObjectNode meta = Json.object().put("a", 1).put("b", 2.5).put("c", "x\u00e9\"\n");
        meta.putObject("contextUsage").put("tokens", 123456789012L).putNull("n");
        ObjectNode dataNode = Json.object().put("k", true);
        dataNode.putArray("arr").add(1).add("two");
        List<Part> parts = List.of(Part.text("hello \u2603 \ud83d\ude00"), Part.data(dataNode),
                new Part.File("f.txt", "text/plain", new byte[]{1, 2, 3}, null),
                new Part.File(null, null, null, "http://x/y"), new Part.File("n", null, null, "u"));
        A2aMessage user = new A2aMessage("m1", "user", parts, "t1", "c1");
        A2aMessage agent = new A2aMessage(null, "agent", List.of(Part.text("q")), null, null);
        Artifact a1 = Artifact.builder().artifactId("t1-reply").name("reply").part(Part.text("hi")).build();
        Artifact a2 = new Artifact("x", null, "desc", parts, meta);
        Artifact a3 = new Artifact("y", "n", null, List.of(), Json.object());
        List<A2aTask> tasks = List.of(
                new A2aTask("t1", "c1", new TaskStatus(TaskState.WORKING, null, t), List.of(), null, List.of(user)),
                new A2aTask("t1", "c1", new TaskStatus(TaskState.COMPLETED, null, t), List.of(a1, a2, a3), meta,
                        List.of(user, agent)),
                new A2aTask("t2", "c2", new TaskStatus(TaskState.INPUT_REQUIRED, agent, t), List.of(), Json.object(),
                        List.of()),
                new A2aTask("t3", "c3", new TaskStatus(TaskState.FAILED, user, t), List.of(a3), null, List.of()));
        StringBuilder out = new StringBuilder();
        for (A2aTask task : tasks) {
            out.append(bytes(task)).append('\n');
            out.append(task.toJson().toString()).append('\n');
            for (ProtocolVersion v : ProtocolVersion.values()) {
                out.append(bytes(WireShapes.taskResult(v, task))).append('\n');
                out.append(render(WireShapes.task(v, task))).append('\n');
                for (boolean last : new boolean[]{true, false}) {
                    out.append(render(WireShapes.statusUpdate(v, task.id(), task.contextId(), task.status(), last,
                            task.metadata()))).append('\n');
                    out.append(render(WireShapes.statusUpdate(v, task.id(), task.contextId(), task.status(), last,
                            StreamEvents.progressMetadata(new Progress(2, 3L, "m"))))).append('\n');
                    for (Artifact a : task.artifacts()) {
                        out.append(render(WireShapes.artifactUpdate(v, task.id(), task.contextId(), a, last, !last)))
                                .append('\n');
                    }
                }
                out.append(bytes(RpcResponses.result(Json.MAPPER.readTree("7"), WireShapes.taskResult(v, task))))
                        .append('\n');
                out.append(bytes(RpcResponses.result(Json.MAPPER.readTree("\"s\""), WireShapes.task(v, task))))
                        .append('\n');
            }
        }
        try (InputStream expected = getClass().getResourceAsStream("wire-shapes.txt")) {
            assertEquals(new String(expected.readAllBytes(), StandardCharsets.UTF_8), out.toString());
        }
    }

    @Test
    void a_result_echoes_the_request_id_as_its_tree_writes_it() throws Exception {
        for (String id : List.of("1", "-5", "12345678901234", "123456789012345678901234567890", "1.5", "2e3",
                "\"x\\\"y\u00e9\"", "null")) {
            ObjectNode expected = Json.object().put("jsonrpc", "2.0");
            expected.set("id", Json.MAPPER.readTree(id));
            expected.putObject("result").put("k", 1);
            WireValue result = out -> {
                out.writeStartObject();
                out.writeNumberField("k", 1);
                out.writeEndObject();
            };
            assertEquals(new String(Json.bytes(expected), StandardCharsets.UTF_8),
                    bytes(RpcResponses.result(Json.MAPPER.readTree(id), result)), id);
        }
    }
}
