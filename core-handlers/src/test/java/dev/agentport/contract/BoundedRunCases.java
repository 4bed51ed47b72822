package dev.agentport.contract;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.testing.HangingAgent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.agentport.contract.A2aJsonRpcCases.sendParams;
import static dev.agentport.contract.A2aJsonRpcCases.v03;
import static dev.agentport.contract.A2aJsonRpcCases.v03Message;
import static dev.agentport.contract.A2aJsonRpcCases.v1;
import static dev.agentport.contract.A2aJsonRpcCases.v1Message;
import static dev.agentport.contract.CaseRequest.post;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every face's runs end at the run timeout, whatever the agent does: with {@link HangingAgent}, whose model call never
 * returns, each main call (sync, streaming, resume; MCP with and without progress; A2A blocking, non-blocking and
 * streaming) must end with the face's own timeout shape at {@link #RUN_TIMEOUT_SECONDS}.
 */
public final class BoundedRunCases {

    public static final int RUN_TIMEOUT_SECONDS = 2;

    /** The suite's environment with a short run timeout; serve {@link HangingAgent} with it. */
    public static final Map<String, String> ENV = environment();

    /** The longest a bounded call may take, from the request to its last byte: the timeout and a second to answer. */
    public static final long MAX_MILLIS = RUN_TIMEOUT_SECONDS * 1000L + 3000;

    private static final String DEADLINE = "did not finish before the deadline";

    private BoundedRunCases() {
    }

    /** The cases of the faces every target serves. */
    public static List<ContractCase> all() {
        List<ContractCase> cases = new ArrayList<>();
        cases.addAll(agentBreeder());
        cases.addAll(daedalus());
        cases.addAll(a2a());
        cases.addAll(mcp());
        cases.addAll(agentCore());
        return cases;
    }

    static List<ContractCase> agentCore() {
        return List.of(
                ContractCase.of("agentcore_invocation_of_a_hung_agent_is_504_at_the_run_timeout",
                        post("/invocations").authorized().json("{\"prompt\":\"hello\"}").build(),
                        (answer, target) -> {
                            assertEquals(504, answer.status(), answer.toString());
                            assertTrue(answer.json().get("error").asText().contains(DEADLINE), answer.toString());
                        }),
                ContractCase.of("agentcore_stream_of_a_hung_agent_ends_with_an_error_event_at_the_run_timeout",
                        post("/invocations").authorized().header("Accept", "text/event-stream")
                                .json("{\"prompt\":\"hello\"}").build(), (answer, target) -> {
                            List<SseEvent> events = ContractCases.events(answer);
                            assertTrue(events.getLast().data().contains(DEADLINE), answer.toString());
                        }));
    }

    static List<ContractCase> agentBreeder() {
        return List.of(
                ContractCase.of("invoke_of_a_hung_agent_is_504_deadline_exceeded_at_the_run_timeout",
                        post("/invoke").authorized().json("{\"input\":\"hello\"}").build(),
                        (answer, target) -> ContractCases.assertError(answer, 504, "DEADLINE_EXCEEDED")),
                ContractCase.of("stream_of_a_hung_agent_ends_with_an_error_event_then_done_at_the_run_timeout",
                        post("/stream").authorized().json("{\"input\":\"hello\"}").build(), (answer, target) -> {
                            List<SseEvent> events = ContractCases.events(answer);
                            SseEvent error = events.get(events.size() - 2);
                            assertEquals("error", error.event(), answer.toString());
                            assertTrue(error.data().contains(DEADLINE), answer.toString());
                            assertTrue(events.getLast().isDone(), answer.toString());
                        }),
                ContractCase.of("resume_of_a_hung_agent_is_504_deadline_exceeded_at_the_run_timeout",
                        List.of(post("/invoke").authorized()
                                .json("{\"input\":\"please approve\",\"session_id\":\"hang-{run}\"}").build()),
                        post("/resume").authorized()
                                .json("{\"thread_id\":\"hang-{run}\",\"human_input\":\"yes\"}").build(),
                        (answer, target) -> ContractCases.assertError(answer, 504, "DEADLINE_EXCEEDED")));
    }

    static List<ContractCase> daedalus() {
        return List.of(
                ContractCase.of("daedalus_task_of_a_hung_agent_is_failed_at_the_run_timeout",
                        DaedalusCases.send(DaedalusCases.message(null, "hang-d-{run}", null, "hello")),
                        (answer, target) -> assertFailed(DaedalusCases.assertTask(answer, "failed"))),
                ContractCase.of("daedalus_stream_of_a_hung_agent_ends_failed_at_the_run_timeout",
                        DaedalusCases.streamed(DaedalusCases.message(null, "hang-ds-{run}", null, "hello")),
                        (answer, target) -> {
                            List<JsonNode> events = DaedalusCases.events(answer);
                            JsonNode last = events.getLast();
                            assertEquals("failed", last.at("/status/state").asText(), answer.toString());
                            assertFailed(last);
                        }),
                ContractCase.of("daedalus_answer_to_a_hung_resume_is_failed_at_the_run_timeout",
                        List.of(DaedalusCases.send(DaedalusCases.message(null, "hang-dr-{run}", null,
                                "please approve"))),
                        DaedalusCases.send(DaedalusCases.message("hang-dr-{run}", "hang-dr2-{run}", null, "yes")),
                        (answer, target) -> assertFailed(DaedalusCases.assertTask(answer, "failed"))));
    }

    static List<ContractCase> a2a() {
        return List.of(
                ContractCase.of("a2a_send_message_of_a_hung_agent_is_failed_at_the_run_timeout",
                        v1("SendMessage", sendParams(v1Message("hang-a-{run}", null, null, "hello"))),
                        (answer, target) -> {
                            JsonNode task = answer.json().at("/result/task");
                            assertEquals("TASK_STATE_FAILED", task.at("/status/state").asText(), answer.toString());
                            assertFailed(task);
                        }),
                ContractCase.of("a2a_message_send_0_3_of_a_hung_agent_is_failed_at_the_run_timeout",
                        v03("message/send", sendParams(v03Message("hang-a3-{run}", null, null, "hello"))),
                        (answer, target) -> {
                            JsonNode task = answer.json().at("/result");
                            assertEquals("failed", task.at("/status/state").asText(), answer.toString());
                            assertFailed(task);
                        }),
                ContractCase.of("a2a_non_blocking_send_of_a_hung_agent_answers_at_once_and_fails_at_the_run_timeout",
                        v1("SendMessage", "{\"message\":" + v1Message("hang-an-{run}", null, null, "hello")
                                + ",\"configuration\":{\"returnImmediately\":true}}"),
                        (answer, target) -> {
                            JsonNode task = answer.json().at("/result/task");
                            assertEquals("TASK_STATE_WORKING", task.at("/status/state").asText(), answer.toString());
                            JsonNode later = awaitEnd(target, task.get("id").asText());
                            assertEquals("TASK_STATE_FAILED", later.at("/status/state").asText(), later.toString());
                            assertFailed(later);
                        }),
                ContractCase.of("a2a_streaming_message_of_a_hung_agent_ends_failed_at_the_run_timeout",
                        v1("SendStreamingMessage", sendParams(v1Message("hang-as-{run}", null, null, "hello"))),
                        (answer, target) -> {
                            List<SseEvent> events = answer.events();
                            JsonNode last = ContractCases.json(events.getLast().data()).at("/result/statusUpdate");
                            assertEquals("TASK_STATE_FAILED", last.at("/status/state").asText(), answer.toString());
                            assertFailed(last);
                        }),
                ContractCase.of("a2a_answer_to_a_hung_resume_is_failed_at_the_run_timeout",
                        v1("SendMessage", sendParams(v1Message("hang-ar-{run}", null, null, "please approve"))),
                        (answer, target) -> {
                            JsonNode paused = answer.json().at("/result/task");
                            assertEquals("TASK_STATE_INPUT_REQUIRED", paused.at("/status/state").asText(),
                                    answer.toString());
                            long start = System.nanoTime();
                            Exchange resumed = target.send(v1("SendMessage", sendParams(v1Message(
                                    "hang-ar2-" + paused.get("id").asText(), paused.get("id").asText(), null,
                                    "yes"))));
                            assertBounded(start);
                            JsonNode task = resumed.json().at("/result/task");
                            assertEquals("TASK_STATE_FAILED", task.at("/status/state").asText(), resumed.toString());
                            assertFailed(task);
                        }));
    }

    static List<ContractCase> mcp() {
        return List.of(
                ContractCase.of("mcp_send_message_of_a_hung_agent_is_an_error_result_at_the_run_timeout",
                        McpCases.mcp(McpCases.call("send_message", "{\"message\":\"hello\"}")).build(),
                        (answer, target) -> assertTimeoutResult(McpCases.result(answer))),
                ContractCase.of("mcp_send_message_with_progress_of_a_hung_agent_ends_with_an_error_result_at_the_"
                                + "run_timeout",
                        McpCases.mcp(McpCases.callWithProgress("send_message", "{\"message\":\"hello\"}")).build(),
                        (answer, target) -> {
                            assertTrue(answer.isEventStream(), answer.toString());
                            JsonNode last = ContractCases.json(answer.events().getLast().data());
                            assertEquals(7, last.path("id").asInt(), answer.toString());
                            assertTimeoutResult(last.get("result"));
                        }));
    }

    /** {@code /run-task}, served on the user's own machine only. */
    public static List<ContractCase> localAdapter() {
        return List.of(ContractCase.of("run_task_of_a_hung_agent_is_504_at_the_run_timeout",
                post("/run-task").json(LocalAdapterCases.task("hang-rt-{run}", "hang-rt-{run}", "hello")).build(),
                (answer, target) -> {
                    assertEquals(504, answer.status(), answer.toString());
                    assertTrue(answer.json().path("error").asText().contains(DEADLINE), answer.toString());
                }));
    }

    /** Fails unless the call started at {@code startNanos} ended within {@link #MAX_MILLIS}. */
    public static void assertBounded(long startNanos) {
        long millis = (System.nanoTime() - startNanos) / 1_000_000;
        assertTrue(millis <= MAX_MILLIS, "the call took " + millis + " ms; the run timeout is "
                + RUN_TIMEOUT_SECONDS + " s");
    }

    private static void assertFailed(JsonNode task) {
        String text = task.at("/status/message/parts/0/text").asText();
        assertTrue(text.contains(DEADLINE), task.toString());
    }

    private static void assertTimeoutResult(JsonNode result) {
        assertTrue(result.path("isError").asBoolean(), result.toString());
        assertTrue(result.at("/content/0/text").asText().contains(DEADLINE), result.toString());
    }

    /** The task once it has ended, read with GetTask until then (within the bound). */
    private static JsonNode awaitEnd(Target target, String taskId) throws Exception {
        long start = System.nanoTime();
        while (true) {
            JsonNode task = target.send(v1("GetTask", "{\"id\":\"" + taskId + "\"}")).json().at("/result");
            String state = task.at("/status/state").asText();
            if (!state.equals("TASK_STATE_WORKING") && !state.equals("TASK_STATE_SUBMITTED")) {
                return task;
            }
            assertBounded(start);
            Thread.sleep(100);
        }
    }

    private static Map<String, String> environment() {
        Map<String, String> env = new HashMap<>(ContractCases.ENV);
        env.put("AGENT_RUN_TIMEOUT_SECONDS", Integer.toString(RUN_TIMEOUT_SECONDS));
        return Map.copyOf(env);
    }
}
