package dev.agentport.contract.broken;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.ContractCases;
import dev.agentport.contract.Exchange;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import static dev.agentport.contract.broken.Changes.status;

/** Every deliberate defect, each breaking exactly one rule of the validate-contract command. */
public final class Breakages {

    private Breakages() {
    }

    public static List<Breakage> all() {
        List<Breakage> all = new ArrayList<>();
        all.addAll(agentBreeder());
        all.addAll(runTask());
        all.addAll(McpBreakages.all());
        all.addAll(daedalus());
        all.addAll(a2a());
        all.addAll(agentCore());
        return all;
    }

    static List<Breakage> agentBreeder() {
        return List.of(
                Breakage.of("agentbreeder 1.1 health_answers_200_with_a_status", "GET", "/health",
                        Changes.json(body -> body.remove("status"))),
                new Breakage("agentbreeder 1.6 resume_of_an_unknown_thread_is_404",
                        request -> request.path().equals("/resume") && withTheToken(request)
                                && bodyOf(request).contains("unknown-thread"), status(200)),
                new Breakage("agentbreeder 2.1 invoke_without_a_token_is_401",
                        request -> request.path().equals("/invoke") && header(request, "Authorization") == null,
                        status(403)),
                new Breakage("agentbreeder 2.9 open_paths_ignore_a_wrong_token",
                        request -> request.path().equals("/openapi.json") && header(request, "Authorization") != null,
                        status(403)),
                Breakage.of("agentbreeder 4.1 invoke_leaves_the_sidecar_fields_unset", "POST", "/invoke",
                        Changes.json(body -> {
                            if (body.has("output")) {
                                body.put("cost_usd", 0.0);
                            }
                        })),
                Breakage.of("agentbreeder 5.1 stream_events_are_text_chunks_or_named_events", "POST", "/stream",
                        Changes.text(text -> text.replace("data: {\"delta\":", "data: {\"chunk\":"))),
                Breakage.of("agentbreeder 5.3 stream_ends_with_done", "POST", "/stream",
                        Changes.text(text -> text.replace("data: [DONE]\n\n", ""))),
                Breakage.of("agentbreeder 6.1 every_answer_says_x_runtime_contract_version_1", "POST", "/stream",
                        Changes.withoutHeader("X-Runtime-Contract-Version")),
                Breakage.of("agentbreeder 6.2 openapi_advertises_runtime_contract_1", "GET", "/openapi.json",
                        Changes.json(body -> ((ObjectNode) body.get("info")).remove("x-agentbreeder-runtime-contract"))),
                new Breakage("agentbreeder 6.4 request_for_another_version_is_400",
                        request -> "2".equals(header(request, "X-Runtime-Contract-Version")), status(200)),
                Breakage.of("agentbreeder 7.4 errors_are_in_the_error_envelope", "POST", "/invoke",
                        Changes.json(body -> {
                            if (body.get("error") instanceof ObjectNode error) {
                                error.remove("message");
                            }
                        })));
    }

    static List<Breakage> runTask() {
        return List.of(
                new Breakage("run-task 4.2 run_task_accepts_a_task_without_a_workspace_id",
                        runTaskWhose(body -> !body.contains("workspace_id")), status(400)),
                Breakage.of("run-task 5.2 run_task_success_is_the_envelope_or_the_direct_output", "POST", "/run-task",
                        Changes.json(body -> {
                            if (body.path("success").asBoolean(false)) {
                                body.put("output", body.at("/output/text").asText());
                            }
                        })),
                new Breakage("run-task 6.1 run_task_failure_is_success_false_with_an_error",
                        runTaskWhose(body -> body.contains("\"input\":\"not an object\"")),
                        Changes.json(body -> body.remove("error"))),
                new Breakage("run-task 7.1 run_task_artifacts_are_write_requests_without_an_artifact_id",
                        runTaskWhose(body -> body.contains("write a file")), Changes.json(body -> {
                            for (JsonNode artifact : body.at("/output/artifacts")) {
                                ((ObjectNode) artifact).put("artifact_id", "art-1");
                            }
                        })),
                new Breakage("run-task 8.2 run_task_never_echoes_a_runtime_token",
                        runTaskWhose(body -> body.contains("runtime_token")), answer -> new Exchange(answer.target(),
                        answer.request(), answer.status(), answer.headers(), answer.request().body(), List.of())));
    }

    private static Predicate<CaseRequest> runTaskWhose(Predicate<String> body) {
        return request -> request.path().equals("/run-task") && body.test(bodyOf(request));
    }

    private static boolean withTheToken(CaseRequest request) {
        return ("Bearer " + ContractCases.TOKEN).equals(header(request, "Authorization"));
    }

    private static String header(CaseRequest request, String name) {
        return request.headers().stream().filter(header -> header.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue).findFirst().orElse(null);
    }

    private static String bodyOf(CaseRequest request) {
        return request.body() == null ? "" : new String(request.body(), StandardCharsets.UTF_8);
    }

    static List<Breakage> daedalus() {
        String card = "/.well-known/agent-card.json";
        return List.of(
                Breakage.of("daedalus M.1 manifest_is_a_valid_runtime_contract_manifest", "GET",
                        "/runtime-contract.json", Changes.json(body -> body.withObject("/capabilities")
                                .remove("streaming"))),
                Breakage.of("daedalus L1.2 agent_card_is_a_valid_agent_card", "GET", card,
                        Changes.json(body -> body.putArray("defaultInputModes"))),
                Breakage.of("daedalus L1.2.1 agent_card_skills_have_id_name_description_and_tags", "GET", card,
                        Changes.json(body -> ((ObjectNode) body.get("skills").get(0)).put("name", ""))),
                new Breakage("daedalus L1.3.4 post_of_malformed_json_is_400",
                        daedalusTask(body -> body.startsWith("{not valid json")), status(422)),
                new Breakage("daedalus L1.3.5 post_of_an_unsupported_content_type_is_415",
                        daedalusTask(body -> body.equals("not json")), status(400)),
                new Breakage("daedalus L1.4 task_id_matches_the_request_task_id",
                        daedalusTask(FIRST_DAEDALUS_TASK.asPredicate()), Changes.json(task -> task.put("id", "other"))),
                new Breakage("daedalus L1.5 completed_tasks_include_at_least_one_artifact",
                        daedalusTask(FIRST_DAEDALUS_TASK.asPredicate()),
                        Changes.json(task -> task.remove("artifacts"))),
                new Breakage("daedalus L1.6 failed_tasks_include_status_message",
                        daedalusTask(body -> body.contains("-data\"")),
                        Changes.json(task -> task.withObject("/status").remove("message"))),
                new Breakage("daedalus L3.1 sse_streaming_support",
                        request -> daedalusTask(body -> true).test(request) && request.headers().stream()
                                .anyMatch(header -> header.getValue().equals("text/event-stream")),
                        Changes.text(events -> events.replace("\"state\":\"completed\"", "\"state\":\"working\""))),
                Breakage.of("daedalus L3.2 agent_card_capabilities_streaming_is_true", "GET", card,
                        Changes.json(body -> body.withObject("/capabilities").put("streaming", false))),
                new Breakage("daedalus L3.3 context_compaction_reporting_via_metadata",
                        daedalusTask(FIRST_DAEDALUS_TASK.asPredicate()),
                        Changes.json(task -> task.withObject("/metadata/contextUsage").put("currentTokens", -1))),
                new Breakage("daedalus L3.4 session_resume_with_the_same_context_id",
                        daedalusTask(body -> body.contains("-turn2\"")),
                        Changes.json(task -> task.put("contextId", "another-context"))));
    }

    static List<Breakage> a2a() {
        String card = "/.well-known/agent-card.json";
        return List.of(
                new Breakage("a2a 3.1.1 v1_send_answers_a_task_or_a_message",
                        rpc("1.0", body -> body.contains("\"SendMessage\"") && body.contains("-v1\"")),
                        Changes.json(response -> response.withObject("/result/task/status")
                                .put("state", "TASK_STATE_WORKING"))),
                new Breakage("a2a 3.1.2 v0_3_streaming_send_answers_json_rpc_events_ending_at_a_final_state",
                        rpc(null, body -> body.contains("\"message/stream\"")),
                        Changes.text(events -> events.replace("\"final\":true", "\"final\":false"))),
                new Breakage("a2a 3.1.3 v1_get_task_answers_the_task",
                        rpc("1.0", body -> body.contains("\"GetTask\"") && !body.contains("no-such-task")),
                        Changes.json(response -> {
                            if (response.get("result") instanceof ObjectNode task) {
                                task.put("id", "other");
                            }
                        })),
                new Breakage("a2a 3.1.4 v1_list_tasks_lists_the_tasks_of_a_context",
                        rpc("1.0", body -> body.contains("\"ListTasks\"")),
                        Changes.json(response -> response.withObject("/result").putArray("tasks"))),
                new Breakage("a2a 3.1.5.1 v0_3_cancel_of_an_unknown_task_is_32001",
                        rpc(null, body -> body.contains("\"tasks/cancel\"") && body.contains("no-such-task")),
                        Changes.json(response -> response.withObject("/error").put("code", -32603))),
                new Breakage("a2a 3.6 v1_unsupported_a2a_version_is_32009", rpc("99.0", body -> true),
                        Changes.json(response -> response.withObject("/error").put("code", -32600))),
                Breakage.of("a2a 8.3.1 v1_agent_card_interfaces_declare_url_binding_and_major_minor_version", "GET",
                        card,
                        Changes.json(body -> ((ObjectNode) body.get("supportedInterfaces").get(0))
                                .put("protocolVersion", "1.0.1"))),
                new Breakage("a2a 9.5 unparsable_json_is_32700_with_a_null_id",
                        rpc("1.0", body -> body.equals("{\"jsonrpc\":\"2.0\",")),
                        Changes.json(response -> response.put("id", "0"))),
                new Breakage("a2a 9.5.5 v1_error_data_is_a_list_of_details_with_a_type",
                        rpc("1.0", body -> body.contains("\"GetTask\"") && body.contains("no-such-task")),
                        Changes.json(response -> response.withObject("/error").putArray("data").addObject()
                                .put("reason", "TASK_NOT_FOUND"))),
                new Breakage("a2a 9.5.3 unknown_method_is_32601_with_the_request_id",
                        rpc("1.0", body -> body.contains("tasks/explode")),
                        Changes.json(response -> response.withObject("/error").put("code", -32600))),
                new Breakage("a2a E.2 aion_daemon_payload_without_daemon_identity_is_32602",
                        rpc("1.0", body -> body.contains("\"behaviorKey\"") && !body.contains("daemonIdentity")),
                        Changes.json(response -> response.withObject("/error").put("code", -32603))));
    }

    static List<Breakage> agentCore() {
        String session = "X-Amzn-Bedrock-AgentCore-Runtime-Session-Id";
        return List.of(
                new Breakage("agentcore 2.1.1 invocations_answers_json_for_a_json_payload",
                        invocation(body -> body.contains("validate-contract json ")),
                        Changes.header("Content-Type", "text/plain")),
                new Breakage("agentcore 2.1.2 invocations_accepting_events_answers_server_sent_events",
                        invocation(body -> body.contains("validate-contract events ")),
                        Changes.header("Content-Type", "application/json")),
                new Breakage("agentcore 2.1.3 invocations_of_malformed_json_is_a_4xx_json_error",
                        invocation(body -> body.endsWith("validate-contract malformed")), status(500)),
                new Breakage("agentcore 2.1.4 invocations_of_a_non_json_media_type_is_a_4xx_json_error",
                        invocation(body -> body.equals("validate-contract plain text")), status(200)),
                new Breakage("agentcore 2.1.5 invocations_continue_the_session_they_are_sent",
                        request -> invocation(body -> true).test(request) && header(request, session) != null,
                        Changes.header(session, "another-session-0123456789abcdef01234")),
                Breakage.of("agentcore 2.2.1 ping_answers_200_with_a_json_object", "GET", "/ping",
                        Changes.header("Content-Type", "text/plain")),
                Breakage.of("agentcore 2.2.2 ping_status_is_healthy_or_healthy_busy", "GET", "/ping",
                        Changes.json(body -> body.put("status", "Busy"))),
                Breakage.of("agentcore 2.2.3 ping_time_of_last_update_is_an_integer_of_unix_seconds", "GET", "/ping",
                        Changes.json(body -> body.put("time_of_last_update",
                                body.path("time_of_last_update").asLong() * 1000))));
    }

    /** {@code POST /invocations} whose body passes the test. */
    private static Predicate<CaseRequest> invocation(Predicate<String> body) {
        return request -> request.method().equals("POST") && Breakage.pathOf(request).equals("/invocations")
                && body.test(text(request));
    }

    /** The first plain task the Daedalus rules send: its task id is {@code da-task-} and the run's nonce. */
    private static final Pattern FIRST_DAEDALUS_TASK = Pattern.compile("\"taskId\":\"da-task-[0-9a-f]{8}\"");

    /** {@code POST /} without JSON-RPC, whose body passes the test. */
    private static Predicate<CaseRequest> daedalusTask(Predicate<String> body) {
        return request -> request.method().equals("POST") && Breakage.pathOf(request).equals("/")
                && !text(request).contains("\"jsonrpc\"") && body.test(text(request));
    }

    /** {@code POST /a2a} with the {@code A2A-Version} ({@code null}: none), whose body passes the test. */
    private static Predicate<CaseRequest> rpc(String version, Predicate<String> body) {
        return request -> request.method().equals("POST") && Breakage.pathOf(request).equals("/a2a")
                && Objects.equals(version, request.headers().stream()
                        .filter(header -> header.getKey().equalsIgnoreCase("A2A-Version"))
                        .map(Map.Entry::getValue).findFirst().orElse(null))
                && body.test(text(request));
    }

    private static String text(CaseRequest request) {
        return request.body() == null ? "" : new String(request.body(), StandardCharsets.UTF_8);
    }
}
