package dev.agentport.validate.agentcore;

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
 * The AWS Bedrock AgentCore Runtime service contract, HTTP protocol. Rules are numbered by the sections of its page:
 * 1 Container requirements, 2 Path requirements (2.1 {@code POST /invocations}, 2.2 {@code GET /ping}), 3 OAuth
 * authentication responses. Section 1 (host, port, ARM64) is the deployment's and section 3 the platform's, so
 * neither has a rule; nor has the optional WebSocket path {@code /ws}.
 *
 * <p>The rules assume nothing of the agent: any JSON output passes, and only the payload's {@code prompt}, which the
 * contract's example sends, is used. Nine requests and one to detect.
 */
public final class AgentCoreRules implements RuleSet {

    private static final Contract AC = Contract.AGENTCORE;

    @Override
    public Contract contract() {
        return AC;
    }

    /** {@code GET /ping} answering the status document. */
    @Override
    public Detection detect(Probe probe) {
        Answer answer = probe.send(Calls.ping());
        JsonNode body;
        try {
            body = answer.json();
        } catch (RuleFailed e) {
            return Detection.notFound(AC, "GET /ping answered " + answer.status() + " with a body that is not JSON");
        }
        String status = body.path("status").asText("");
        if (answer.status() == 200 && Calls.PING_STATUSES.contains(status)) {
            return Detection.found(AC, "GET /ping answered 200 with \"status\": \"" + status + "\"");
        }
        return Detection.notFound(AC, "GET /ping answered " + answer.status() + " without \"status\": \"Healthy\" or "
                + "\"HealthyBusy\"");
    }

    @Override
    public List<Rule> rules(Settings settings) {
        return List.of(
                Rule.of(AC, "2.1.1", "invocations_answers_json_for_a_json_payload",
                        InvocationRules::answersJsonForAJsonPayload),
                Rule.of(AC, "2.1.2", "invocations_accepting_events_answers_server_sent_events",
                        InvocationRules::acceptingEventsAnswersServerSentEvents),
                Rule.of(AC, "2.1.3", "invocations_of_malformed_json_is_a_4xx_json_error",
                        InvocationRules::malformedJsonIsA4xxJsonError),
                Rule.of(AC, "2.1.4", "invocations_of_a_non_json_media_type_is_a_4xx_json_error",
                        InvocationRules::nonJsonMediaTypeIsA4xxJsonError),
                Rule.of(AC, "2.1.5", "invocations_continue_the_session_they_are_sent",
                        SessionRules::continueTheSessionTheyAreSent),
                Rule.of(AC, "2.2.1", "ping_answers_200_with_a_json_object", PingRules::answers200WithAJsonObject),
                Rule.of(AC, "2.2.2", "ping_status_is_healthy_or_healthy_busy", PingRules::statusIsHealthyOrHealthyBusy),
                Rule.of(AC, "2.2.3", "ping_time_of_last_update_is_an_integer_of_unix_seconds",
                        PingRules::timeOfLastUpdateIsUnixSeconds));
    }
}
