package dev.agentport.validate.a2a;

import dev.agentport.validate.Contract;
import dev.agentport.validate.Detection;
import dev.agentport.validate.Probe;
import dev.agentport.validate.Rule;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.RuleSet;
import dev.agentport.validate.RuleSkipped;
import dev.agentport.validate.Settings;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * A2A over JSON-RPC 2.0, in the versions the agent card declares (1.0 and 0.3), and over HTTP+JSON (1.0) when the card
 * lists it. Rules are numbered by the A2A 1.0.1 specification's sections, in its order: 3.1 the operations (3.1.1
 * send, 3.1.2 stream, 3.1.3 get, 3.1.4 list, 3.1.5 cancel), 3.6 versioning, 4.4.1 the agent card's fields, 8 agent
 * discovery, 9.5 the JSON-RPC errors, 11 the HTTP+JSON binding; {@code E} the Aion daemon extension. An operation's
 * JSON-RPC rule is written once per version, named {@code v1_...} and {@code v0_3_...}; an interface the card does not
 * declare skips, and so does 0.3's HTTP+JSON (its {@code /v1} paths are not checked).
 *
 * <p>Requests go to the path of the interface's URL on the server under test.
 */
public final class A2aRules implements RuleSet {

    private static final Contract A2A = Contract.A2A;

    @Override
    public Contract contract() {
        return A2A;
    }

    @Override
    public Detection detect(Probe probe) {
        try {
            A2aCard card = A2aCard.of(probe);
            if (card.declares(A2aCard.JSONRPC, Version.V1_0) || card.declares(A2aCard.JSONRPC, Version.V0_3)) {
                return Detection.found(A2A, "the agent card at " + A2aCard.PATH + " declares " + card.summary());
            }
            return Detection.notFound(A2A, "the agent card at " + A2aCard.PATH + " declares no A2A JSON-RPC "
                    + "interface");
        } catch (RuleFailed | RuleSkipped e) {
            return Detection.notFound(A2A, "no agent card: " + e.getMessage());
        }
    }

    @Override
    public List<Rule> rules(Settings settings) {
        List<Rule> rules = new ArrayList<>();
        perVersion(rules, "3.1.1", "send_answers_a_task_or_a_message", Operations::send);
        perVersion(rules, "3.1.2", "streaming_send_answers_json_rpc_events_ending_at_a_final_state",
                Operations::stream);
        perVersion(rules, "3.1.3", "get_task_answers_the_task", Operations::getTask);
        perVersion(rules, "3.1.3.1", "get_task_of_an_unknown_task_is_32001", Operations::getUnknownTask);
        rules.add(Rule.of(A2A, "3.1.4", "v1_list_tasks_lists_the_tasks_of_a_context",
                probe -> Operations.listTasks(probe, Version.V1_0)));
        perVersion(rules, "3.1.5", "cancel_of_a_task_in_a_terminal_state_is_32002", Operations::cancelTerminalTask);
        perVersion(rules, "3.1.5.1", "cancel_of_an_unknown_task_is_32001", Operations::cancelUnknownTask);
        rules.add(Rule.of(A2A, "3.6", "v1_unsupported_a2a_version_is_32009", ErrorChecks::unsupportedVersionIs32009));
        rules.add(Rule.of(A2A, "4.4.1", "v1_agent_card_has_the_required_fields", CardChecks::hasThe1_0Fields));
        rules.add(Rule.of(A2A, "4.4.1", "v0_3_agent_card_has_the_required_fields", CardChecks::hasThe0_3Fields));
        rules.add(Rule.of(A2A, "8.2", "agent_card_is_served_at_well_known_agent_card_json",
                CardChecks::servedAtTheWellKnownPath));
        rules.add(Rule.of(A2A, "8.3.1", "v1_agent_card_interfaces_declare_url_binding_and_major_minor_version",
                CardChecks::interfacesAreDeclared));
        rules.add(Rule.of(A2A, "9.5", "unparsable_json_is_32700_with_a_null_id", ErrorChecks::unparsableJsonIs32700));
        rules.add(Rule.of(A2A, "9.5.1", "request_that_is_not_an_object_is_32600", ErrorChecks::notAnObjectIs32600));
        rules.add(Rule.of(A2A, "9.5.2", "wrong_jsonrpc_version_is_32600", ErrorChecks::wrongJsonRpcVersionIs32600));
        rules.add(Rule.of(A2A, "9.5.3", "unknown_method_is_32601_with_the_request_id",
                ErrorChecks::unknownMethodIs32601));
        rules.add(Rule.of(A2A, "9.5.4", "send_without_a_message_is_32602", ErrorChecks::sendWithoutAMessageIs32602));
        rules.add(Rule.of(A2A, "9.5.5", "v1_error_data_is_a_list_of_details_with_a_type",
                ErrorChecks::v1ErrorDataIsTyped));
        rules.add(Rule.of(A2A, "11.3.1", "rest_send_message_answers_a_task_or_a_message", RestOperations::send));
        rules.add(Rule.of(A2A, "11.3.1.1", "rest_streaming_message_answers_stream_responses_ending_at_a_final_state",
                RestOperations::stream));
        rules.add(Rule.of(A2A, "11.3.2", "rest_get_task_answers_the_task", RestOperations::getTask));
        rules.add(Rule.of(A2A, "11.3.2.1", "rest_list_tasks_lists_the_tasks_of_a_context", RestOperations::listTasks));
        rules.add(Rule.of(A2A, "11.3.2.2", "rest_cancel_of_a_task_in_a_terminal_state_is_400_task_not_cancelable",
                RestOperations::cancelTerminalTask));
        rules.add(Rule.of(A2A, "11.6", "rest_unknown_task_is_404_with_a_google_rpc_status_of_task_not_found",
                RestOperations::unknownTaskIs404));
        rules.add(Rule.of(A2A, "E.1", "aion_daemon_activation_is_echoed_in_a2a_extensions",
                AionChecks::activationIsEchoed));
        rules.add(Rule.of(A2A, "E.2", "aion_daemon_payload_without_daemon_identity_is_32602",
                AionChecks::payloadWithoutDaemonIdentityIs32602));
        return rules;
    }

    private static void perVersion(List<Rule> rules, String number, String name, BiConsumer<Probe, Version> check) {
        for (Version version : List.of(Version.V1_0, Version.V0_3)) {
            rules.add(Rule.of(A2A, number, version.prefix + "_" + name, probe -> check.accept(probe, version)));
        }
    }
}
