package dev.agentport.validate.runtask;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Contract;
import dev.agentport.validate.Detection;
import dev.agentport.validate.Probe;
import dev.agentport.validate.Rule;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.RuleSet;
import dev.agentport.validate.Settings;
import dev.agentport.validate.http.Answer;

import java.util.List;

/**
 * The A2A Local HTTP Adapter Contract V1, {@code POST /run-task}. Rules are numbered by the contract's sections, in
 * its order: 1 Environment binding, 2 Official Runtime Default, 3 OpenClaw Compatibility, 4 Request, 5 Successful
 * Response, 6 Failed Response, 7 Artifact Write Requests, 8 Security boundary. Sections 1 to 3 are about the runtime's
 * profile and have no rule.
 *
 * <p>Not checkable from outside, so not rules: that the adapter listens on loopback only (the command sees the one
 * address it was given), that it keeps conversations apart by {@code conversation_id}, and that it neither stores a
 * runtime token nor calls the platform's API.
 */
public final class RunTaskRules implements RuleSet {

    private static final Contract RT = Contract.RUN_TASK;

    @Override
    public Contract contract() {
        return RT;
    }

    /** A task as the runtime sends it: the adapter answers with a JSON object, or with the explicit failure shape. */
    @Override
    public Detection detect(Probe probe) {
        Answer answer = Tasks.full(probe);
        JsonNode body;
        try {
            body = answer.json();
        } catch (RuleFailed e) {
            return Detection.notFound(RT, "POST /run-task answered " + answer.status() + " with a body that is not "
                    + "JSON");
        }
        boolean success = answer.status() >= 200 && answer.status() < 300 && body.isObject()
                && !body.has("error");
        if (success || body.path("success").isBoolean()) {
            return Detection.found(RT, "POST /run-task answered " + answer.status() + " with "
                    + (body.path("success").isBoolean() ? "\"success\": " + body.get("success") : "a JSON object"));
        }
        return Detection.notFound(RT, "POST /run-task answered " + answer.status() + " with neither a result nor "
                + "the adapter's failure shape");
    }

    @Override
    public List<Rule> rules(Settings settings) {
        return List.of(
                Rule.of(RT, "4.1", "run_task_accepts_the_runtime_request", RequestRules::acceptsTheRuntimeRequest),
                Rule.of(RT, "4.2", "run_task_accepts_a_task_without_a_workspace_id",
                        RequestRules::acceptsATaskWithoutAWorkspace),
                Rule.of(RT, "4.3", "run_task_ignores_fields_it_does_not_know", RequestRules::ignoresUnknownFields),
                Rule.of(RT, "5.1", "run_task_answers_a_json_object", ResponseRules::answersAJsonObject),
                Rule.of(RT, "5.2", "run_task_success_is_the_envelope_or_the_direct_output",
                        ResponseRules::successIsTheEnvelopeOrTheDirectOutput),
                Rule.of(RT, "6.1", "run_task_failure_is_success_false_with_an_error",
                        ResponseRules::failureIsSuccessFalseWithAnError),
                Rule.of(RT, "7.1", "run_task_artifacts_are_write_requests_without_an_artifact_id",
                        ResponseRules::artifactsAreWriteRequests),
                Rule.of(RT, "8.1", "run_task_needs_no_authorization", RequestRules::needsNoAuthorization),
                Rule.of(RT, "8.2", "run_task_never_echoes_a_runtime_token", RequestRules::neverEchoesARuntimeToken));
    }
}
