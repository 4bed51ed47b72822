package dev.agentport.contract;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.testing.HangingAgent;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.agentport.contract.A2aJsonRpcCases.sendParams;
import static dev.agentport.contract.A2aJsonRpcCases.v1;
import static dev.agentport.contract.A2aJsonRpcCases.v1Message;
import static dev.agentport.contract.CaseRequest.post;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Calls still running when shutdown's grace period ends: with {@link HangingAgent} and no run timeout, each face's main
 * calls (sync, streaming, resume) are cut by the drain and must end with the face's shutting-down shape before the
 * server stops. Sent all at once; the drain starts once every run is in progress.
 */
public final class ShutdownCases {

    /** No run timeout of our own, and a short grace period: only the drain ends these runs. */
    public static final Map<String, String> ENV = environment();

    public static final int GRACE_SECONDS = 1;

    private static final String SHUTTING_DOWN = "shutting down";
    private static final String DAEDALUS_FAILED = "failed";
    private static final String A2A_FAILED = "TASK_STATE_FAILED";

    private ShutdownCases() {
    }

    public static List<ContractCase> all() {
        return List.of(
                ContractCase.of("invoke_cut_by_shutdown_is_503_shutting_down",
                        post("/invoke").authorized().json("{\"input\":\"hello\"}").build(),
                        (answer, target) -> ContractCases.assertError(answer, 503, "SHUTTING_DOWN")),
                ContractCase.of("stream_cut_by_shutdown_ends_with_an_error_event_then_done",
                        post("/stream").authorized().json("{\"input\":\"hello\"}").build(), (answer, target) -> {
                            List<SseEvent> events = ContractCases.events(answer);
                            SseEvent error = events.get(events.size() - 2);
                            assertEquals("error", error.event(), answer.toString());
                            assertTrue(error.data().contains(SHUTTING_DOWN), answer.toString());
                            assertTrue(events.getLast().isDone(), answer.toString());
                        }),
                ContractCase.of("resume_cut_by_shutdown_is_503_shutting_down",
                        List.of(post("/invoke").authorized()
                                .json("{\"input\":\"please approve\",\"session_id\":\"down-{run}\"}").build()),
                        post("/resume").authorized()
                                .json("{\"thread_id\":\"down-{run}\",\"human_input\":\"yes\"}").build(),
                        (answer, target) -> ContractCases.assertError(answer, 503, "SHUTTING_DOWN")),
                ContractCase.of("agentcore_invocation_cut_by_shutdown_is_503_shutting_down",
                        post("/invocations").authorized().json("{\"prompt\":\"hello\"}").build(),
                        (answer, target) -> {
                            assertEquals(503, answer.status(), answer.toString());
                            assertTrue(answer.json().get("error").asText().contains(SHUTTING_DOWN), answer.toString());
                        }),
                ContractCase.of("agentcore_stream_cut_by_shutdown_ends_with_an_error_event",
                        post("/invocations").authorized().header("Accept", "text/event-stream")
                                .json("{\"prompt\":\"hello\"}").build(), (answer, target) -> {
                            List<SseEvent> events = ContractCases.events(answer);
                            assertTrue(events.getLast().data().contains(SHUTTING_DOWN), answer.toString());
                        }),
                ContractCase.of("daedalus_task_cut_by_shutdown_is_failed",
                        DaedalusCases.send(DaedalusCases.message(null, "down-d-{run}", null, "hello")),
                        (answer, target) -> assertFailed(DaedalusCases.assertTask(answer, DAEDALUS_FAILED),
                                DAEDALUS_FAILED)),
                ContractCase.of("daedalus_stream_cut_by_shutdown_ends_failed",
                        DaedalusCases.streamed(DaedalusCases.message(null, "down-ds-{run}", null, "hello")),
                        (answer, target) -> assertFailed(DaedalusCases.events(answer).getLast(), DAEDALUS_FAILED)),
                ContractCase.of("daedalus_resume_cut_by_shutdown_is_failed",
                        List.of(DaedalusCases.send(DaedalusCases.message(null, "down-dr-{run}", null,
                                "please approve"))),
                        DaedalusCases.send(DaedalusCases.message("down-dr-{run}", "down-dr2-{run}", null, "yes")),
                        (answer, target) -> assertFailed(DaedalusCases.assertTask(answer, DAEDALUS_FAILED),
                                DAEDALUS_FAILED)),
                ContractCase.of("a2a_send_message_cut_by_shutdown_is_failed",
                        v1("SendMessage", sendParams(v1Message("down-a-{run}", null, null, "hello"))),
                        (answer, target) -> {
                            assertFailed(answer.json().at("/result/task"), A2A_FAILED);
                        }),
                ContractCase.of("a2a_streaming_message_cut_by_shutdown_ends_failed",
                        v1("SendStreamingMessage", sendParams(v1Message("down-as-{run}", null, null, "hello"))),
                        (answer, target) -> {
                            JsonNode last = ContractCases.json(answer.events().getLast().data())
                                    .at("/result/statusUpdate");
                            assertFailed(last, A2A_FAILED);
                        }),
                ContractCase.of("mcp_send_message_cut_by_shutdown_is_an_error_result",
                        McpCases.mcp(McpCases.call("send_message", "{\"message\":\"hello\"}")).build(),
                        (answer, target) -> {
                            JsonNode result = McpCases.result(answer);
                            assertTrue(result.path("isError").asBoolean(), answer.toString());
                            assertTrue(result.at("/content/0/text").asText().contains(SHUTTING_DOWN),
                                    answer.toString());
                        }),
                ContractCase.of("mcp_send_message_with_progress_cut_by_shutdown_ends_with_a_json_rpc_error_on_its_"
                                + "stream",
                        McpCases.mcp(McpCases.callWithProgress("send_message", "{\"message\":\"hello\"}")).build(),
                        (answer, target) -> {
                            assertTrue(answer.isEventStream(), answer.toString());
                            JsonNode last = ContractCases.json(answer.events().getLast().data());
                            assertEquals(7, last.path("id").asInt(), answer.toString());
                            assertEquals(-32603, last.at("/error/code").asInt(), answer.toString());
                            assertTrue(last.at("/error/message").asText().contains(SHUTTING_DOWN),
                                    answer.toString());
                        }));
    }

    /** The task, or its last status update, failed in the face's own spelling of the state, saying why. */
    private static void assertFailed(JsonNode task, String failedState) {
        assertEquals(failedState, task.at("/status/state").asText(), task.toString());
        assertTrue(task.at("/status/message/parts/0/text").asText().contains(SHUTTING_DOWN), task.toString());
    }

    private static Map<String, String> environment() {
        Map<String, String> env = new HashMap<>(ContractCases.ENV);
        env.put("AGENT_RUN_TIMEOUT_SECONDS", "0");
        env.put("AGENT_SHUTDOWN_GRACE_SECONDS", Integer.toString(GRACE_SECONDS));
        return Map.copyOf(env);
    }
}
