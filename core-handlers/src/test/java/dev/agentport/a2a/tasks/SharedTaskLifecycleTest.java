package dev.agentport.a2a.tasks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.contract.SseEvent;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.json.Json;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Daedalus {@code POST /} and A2A JSON-RPC are two views of one task lifecycle: one store, one run, one cancel. */
class SharedTaskLifecycleTest {

    private final InProcessTarget target = new InProcessTarget(new DefaultAgent(Duration.ZERO), Map.of());

    private static CaseRequest.Builder daedalus(String taskId, String contextId, String text) {
        return CaseRequest.post("/").json("{\"message\":{\"messageId\":\"m-" + text.hashCode() + "\",\"taskId\":\""
                + taskId + "\",\"contextId\":\"" + contextId + "\",\"role\":\"user\",\"parts\":[{\"text\":\"" + text
                + "\"}]}}");
    }

    private Exchange rpc(InProcessTarget on, String method, String params) throws Exception {
        return on.send(CaseRequest.post("/a2a").header("A2A-Version", "1.0")
                .json("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method + "\",\"params\":" + params + "}")
                .build());
    }

    private static String rpcMessage(String taskId, String text) {
        return "{\"message\":{\"messageId\":\"r-" + text.hashCode() + "\",\"role\":\"ROLE_USER\""
                + (taskId == null ? "" : ",\"taskId\":\"" + taskId + "\"") + ",\"parts\":[{\"text\":\"" + text
                + "\"}]}}";
    }

    @Test
    void a_daedalus_task_is_readable_by_json_rpc_get_task_after_it_ends() throws Exception {
        Exchange answer = target.send(daedalus("d-read", "c-read", "hello").build());
        assertEquals("completed", answer.json().at("/status/state").asText(), answer.text());
        JsonNode task = Json.MAPPER.readTree(rpc(target, "GetTask", "{\"id\":\"d-read\"}").text()).at("/result");
        assertEquals("TASK_STATE_COMPLETED", task.at("/status/state").asText(), task.toString());
        assertEquals("c-read", task.get("contextId").asText());
        assertEquals(answer.json().at("/artifacts/0/parts/0/text").asText(),
                task.at("/artifacts/0/parts/0/text").asText());
        assertEquals("hello", task.at("/history/0/parts/0/text").asText());
    }

    @Test
    void a_daedalus_task_in_input_required_is_continued_by_a_json_rpc_send_message_naming_it() throws Exception {
        Exchange paused = target.send(daedalus("d-ask", "c-ask", "please approve the refund").build());
        assertEquals("input-required", paused.json().at("/status/state").asText(), paused.text());
        JsonNode done = Json.MAPPER.readTree(rpc(target, "SendMessage", rpcMessage("d-ask", "yes")).text())
                .at("/result/task");
        assertEquals("TASK_STATE_COMPLETED", done.at("/status/state").asText(), done.toString());
        assertEquals("Approved: \"please approve the refund\". Done.", done.at("/artifacts/0/parts/0/text").asText());
    }

    @Test
    void a_json_rpc_task_in_input_required_is_continued_by_a_daedalus_message_naming_it() throws Exception {
        JsonNode paused = Json.MAPPER.readTree(rpc(target, "SendMessage", rpcMessage(null,
                "please approve the refund")).text()).at("/result/task");
        assertEquals("TASK_STATE_INPUT_REQUIRED", paused.at("/status/state").asText(), paused.toString());
        Exchange done = target.send(daedalus(paused.get("id").asText(), paused.get("contextId").asText(), "yes")
                .build());
        assertEquals(200, done.status(), done.text());
        assertEquals("completed", done.json().at("/status/state").asText(), done.text());
        assertEquals("Approved: \"please approve the refund\". Done.",
                done.json().at("/artifacts/0/parts/0/text").asText());
    }

    @Test
    void a_json_rpc_cancel_task_stops_a_running_daedalus_sse_task_which_ends_with_a_final_canceled_status()
            throws Exception {
        TestAgents.Endless agent = new TestAgents.Endless();
        InProcessTarget endless = new InProcessTarget(agent, Map.of());
        CompletableFuture<Exchange> stream = CompletableFuture.supplyAsync(() -> {
            try {
                return endless.send(daedalus("d-cancel", "c-cancel", "go on").header("Accept", "text/event-stream")
                        .build());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        while (endless.core().runs().running() == 0) {
            Thread.sleep(10);
        }
        Exchange canceled = rpc(endless, "CancelTask", "{\"id\":\"d-cancel\"}");
        assertTrue(canceled.text().contains("TASK_STATE_CANCELED"), canceled.text());
        List<SseEvent> events = stream.get(10, TimeUnit.SECONDS).events();
        JsonNode last = Json.MAPPER.readTree(events.get(events.size() - 1).data());
        assertEquals("status-update", last.get("kind").asText());
        assertEquals("canceled", last.at("/status/state").asText(), last.toString());
        assertTrue(last.get("final").asBoolean());
        assertTrue(agent.stopped.await(5, TimeUnit.SECONDS), "the run stopped");
    }

    @Test
    void two_racing_daedalus_answers_to_one_paused_task_exactly_one_continues_it() throws Exception {
        for (int round = 0; round < 10; round++) {
            String taskId = "d-race-" + round;
            Exchange paused = target.send(daedalus(taskId, "c-" + taskId, "please approve the refund").build());
            assertEquals("input-required", paused.json().at("/status/state").asText(), paused.text());
            CountDownLatch go = new CountDownLatch(1);
            List<CompletableFuture<Exchange>> answers = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                answers.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        go.await();
                        return target.send(daedalus(taskId, "c-" + taskId, "yes").build());
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }));
            }
            go.countDown();
            int continued = 0;
            for (CompletableFuture<Exchange> future : answers) {
                Exchange answer = future.get(10, TimeUnit.SECONDS);
                if (answer.text().contains("Approved: ")) {
                    continued++;
                } else if (answer.status() != 409) {
                    // the other answer came after the task ended: a new run under the same id
                    assertTrue(answer.json().at("/artifacts/0/parts/0/text").asText().startsWith("You said \"yes\""),
                            answer.text());
                }
            }
            assertEquals(1, continued, "round " + round);
        }
    }

    @Test
    void a_daedalus_message_naming_a_running_task_is_409_and_the_run_goes_on() throws Exception {
        TestAgents.Endless agent = new TestAgents.Endless();
        InProcessTarget endless = new InProcessTarget(agent, Map.of());
        CompletableFuture<Exchange> stream = CompletableFuture.supplyAsync(() -> {
            try {
                return endless.send(daedalus("d-busy", "c-busy", "go on").header("Accept", "text/event-stream")
                        .build());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        while (endless.core().runs().running() == 0) {
            Thread.sleep(10);
        }
        Exchange refused = endless.send(daedalus("d-busy", "c-busy", "and again").build());
        assertEquals(409, refused.status(), refused.text());
        assertEquals("{\"error\":\"task d-busy is working; it takes a message only while it waits for input, as its "
                + "answer\"}", refused.text());
        assertEquals(1, endless.core().runs().running());
        rpc(endless, "CancelTask", "{\"id\":\"d-busy\"}");
        stream.get(10, TimeUnit.SECONDS);
    }
}
