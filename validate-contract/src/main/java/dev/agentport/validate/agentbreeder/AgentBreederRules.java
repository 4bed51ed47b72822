package dev.agentport.validate.agentbreeder;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Contract;
import dev.agentport.validate.Detection;
import dev.agentport.validate.Probe;
import dev.agentport.validate.Rule;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.RuleSet;
import dev.agentport.validate.Settings;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

import java.util.List;

/**
 * AgentBreeder Runtime Contract v1. Rules are numbered by the contract's sections, in its order: 1 Endpoints,
 * 2 Authentication, 3 Invoke shape, 4 Reserved sidecar fields, 5 Streaming, 6 Versioning; then 7 Errors, from the full
 * specification the contract's page points to (the error envelope and the status codes of bad requests).
 *
 * <p>Not checkable from outside, so not rules: that {@code X-Session-Id} and the config reach the agent, that a token
 * is compared in constant time, and what a failed stream looks like unless one fails during the run.
 */
public final class AgentBreederRules implements RuleSet {

    private static final Contract AB = Contract.AGENTBREEDER;

    @Override
    public Contract contract() {
        return AB;
    }

    /** {@code GET /health} with the version header, or at least the contract's health body. */
    @Override
    public Detection detect(Probe probe) {
        Answer health = probe.send(Request.get("/health"));
        String version = health.header(VersionRules.HEADER);
        if (version != null) {
            return Detection.found(AB, "GET /health answered " + health.status() + " with " + VersionRules.HEADER
                    + ": " + version);
        }
        if (hasAgentName(health)) {
            return Detection.found(AB, "GET /health answered " + health.status() + " with a status and an agent_name "
                    + "(but no " + VersionRules.HEADER + " header)");
        }
        return Detection.notFound(AB, "GET /health answered " + health.status() + " without the "
                + VersionRules.HEADER + " header or an AgentBreeder health body");
    }

    @Override
    public List<Rule> rules(Settings settings) {
        return List.of(
                Rule.of(AB, "1.1", "health_answers_200_with_a_status", EndpointRules::healthAnswers),
                Rule.of(AB, "1.2", "health_names_the_agent_and_its_version", EndpointRules::healthNamesTheAgent),
                Rule.of(AB, "1.3", "invoke_answers_200_with_json", EndpointRules::invokeAnswers),
                Rule.of(AB, "1.4", "stream_answers_200_with_an_event_stream", EndpointRules::streamAnswers),
                Rule.of(AB, "1.5", "resume_answers_200_404_or_501", EndpointRules::resumeAnswers),
                Rule.of(AB, "1.6", "resume_of_an_unknown_thread_is_404", EndpointRules::resumeOfAnUnknownThreadIs404),
                Rule.of(AB, "1.7", "resume_continues_a_paused_run", EndpointRules::resumeContinuesAPausedRun),
                Rule.of(AB, "1.8", "openapi_json_is_an_openapi_3_document", EndpointRules::openApiIsADocument),
                Rule.of(AB, "1.9", "agent_card_has_a_name_and_a_version", EndpointRules::agentCardNamesTheAgent),
                Rule.of(AB, "2.1", "invoke_without_a_token_is_401", AuthRules::invokeWithoutATokenIs401),
                Rule.of(AB, "2.2", "invoke_with_another_scheme_is_401", AuthRules::invokeWithAnotherSchemeIs401),
                Rule.of(AB, "2.3", "invoke_with_a_wrong_token_is_403", AuthRules::invokeWithAWrongTokenIs403),
                Rule.of(AB, "2.4", "stream_without_a_token_is_401", AuthRules::streamWithoutATokenIs401),
                Rule.of(AB, "2.5", "stream_with_a_wrong_token_is_403", AuthRules::streamWithAWrongTokenIs403),
                Rule.of(AB, "2.6", "resume_without_a_token_is_401", AuthRules::resumeWithoutATokenIs401),
                Rule.of(AB, "2.7", "resume_with_a_wrong_token_is_403", AuthRules::resumeWithAWrongTokenIs403),
                Rule.of(AB, "2.8", "open_paths_need_no_token", AuthRules::openPathsNeedNoToken),
                Rule.of(AB, "2.9", "open_paths_ignore_a_wrong_token", AuthRules::openPathsIgnoreAWrongToken),
                Rule.of(AB, "3.1", "invoke_answers_with_an_output", InvokeRules::invokeAnswersWithAnOutput),
                Rule.of(AB, "3.2", "invoke_accepts_an_object_input", InvokeRules::invokeAcceptsAnObjectInput),
                Rule.of(AB, "3.3", "invoke_keeps_the_session_id_it_was_given",
                        InvokeRules::invokeKeepsTheSessionIdItWasGiven),
                Rule.of(AB, "3.4", "invoke_accepts_a_config_object", InvokeRules::invokeAcceptsAConfigObject),
                Rule.of(AB, "4.1", "invoke_leaves_the_sidecar_fields_unset",
                        InvokeRules::invokeLeavesTheSidecarFieldsUnset),
                Rule.of(AB, "5.1", "stream_events_are_text_chunks_or_named_events",
                        StreamRules::eventsAreTextChunksOrNamedEvents),
                Rule.of(AB, "5.2", "stream_named_events_carry_their_fields", StreamRules::namedEventsCarryTheirFields),
                Rule.of(AB, "5.3", "stream_ends_with_done", StreamRules::streamEndsWithDone),
                Rule.of(AB, "5.4", "failed_stream_ends_with_done", StreamRules::failedStreamEndsWithDone),
                Rule.of(AB, "5.5", "stream_turns_off_caching_and_proxy_buffering",
                        StreamRules::streamTurnsOffCachingAndBuffering),
                Rule.of(AB, "6.1", "every_answer_says_x_runtime_contract_version_1",
                        VersionRules::everyAnswerSaysVersion1),
                Rule.of(AB, "6.2", "openapi_advertises_runtime_contract_1", VersionRules::openApiAdvertisesContract1),
                Rule.of(AB, "6.3", "request_for_version_1_is_served", VersionRules::requestForVersion1IsServed),
                Rule.of(AB, "6.4", "request_for_another_version_is_400", VersionRules::requestForAnotherVersionIs400),
                Rule.of(AB, "7.1", "malformed_json_is_400", ErrorRules::malformedJsonIs400),
                Rule.of(AB, "7.2", "missing_input_is_400", ErrorRules::missingInputIs400),
                Rule.of(AB, "7.3", "stream_refuses_a_bad_body_with_json_not_a_stream",
                        ErrorRules::streamRefusesABadBodyWithJsonNotAStream),
                Rule.of(AB, "7.4", "errors_are_in_the_error_envelope", ErrorRules::errorsAreInTheEnvelope));
    }

    private static boolean hasAgentName(Answer health) {
        try {
            JsonNode body = health.json();
            return body.path("status").isTextual() && body.path("agent_name").isTextual();
        } catch (RuleFailed e) {
            return false;
        }
    }
}
