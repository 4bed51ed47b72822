package dev.agentport.contract.broken;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.ContractCases;
import dev.agentport.contract.Exchange;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

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
                .map(java.util.Map.Entry::getValue).findFirst().orElse(null);
    }

    private static String bodyOf(CaseRequest request) {
        return request.body() == null ? "" : new String(request.body(), StandardCharsets.UTF_8);
    }
}
