package dev.agentport.validate.mcp;

import dev.agentport.validate.Contract;
import dev.agentport.validate.Detection;
import dev.agentport.validate.Probe;
import dev.agentport.validate.Rule;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.RuleSet;
import dev.agentport.validate.RuleSkipped;
import dev.agentport.validate.Settings;

import java.util.List;

/**
 * MCP over Streamable HTTP, protocol versions 2025-03-26 to 2026-07-28, and the Pallas MCP interface on top of it.
 *
 * <p>Rules 1 to 6 follow the MCP specification's lifecycle and Streamable HTTP transport: 1 Lifecycle
 * ({@code initialize}, version negotiation, per version), 2 Sending messages (JSON or event stream, 202 for a
 * notification, {@code Accept}), 3 Sessions (when the server issues them), 4 The protocol version header and
 * security ({@code Origin}, the token), 5 JSON-RPC errors for bad input, 6 2026-07-28's per-request metadata (and its
 * {@code subscriptions/listen} as the tasks extension uses it). They
 * cover what a client needs for the endpoint to be usable; the official MCP conformance suite
 * ({@code @modelcontextprotocol/conformance}) checks the generic protocol far more deeply, and is worth running too.
 * Rules P1, P2 and P4 follow the sections of the Pallas MCP Interface Specification, which nothing else checks:
 * P1 Registry endpoint, P2 Health tool, P4 Agent progress notifications (with the agent's tool, {@code send_message},
 * which Pallas agents expose).
 *
 * <p>The endpoint is the first of {@code /mcp}, the path the registry document names and the URL itself that answers
 * {@code initialize} ({@link Endpoint}). A server of 2026-07-28 alone has no {@code initialize}: the rules then speak to
 * it per request, and skip what only the earlier versions have.
 */
public final class McpRules implements RuleSet {

    private static final Contract MCP = Contract.MCP;

    @Override
    public Contract contract() {
        return MCP;
    }

    @Override
    public Detection detect(Probe probe) {
        try {
            return Detection.found(MCP, Endpoint.of(probe).evidence());
        } catch (RuleSkipped e) {
            return Detection.found(MCP, e.getMessage());
        } catch (RuleFailed e) {
            return Detection.notFound(MCP, e.getMessage());
        }
    }

    @Override
    public List<Rule> rules(Settings settings) {
        return List.of(
                Rule.of(MCP, "1.1", "initialize_answers_a_version_capabilities_and_server_info",
                        LifecycleRules::answersWithAVersionAndServerInfo),
                Rule.of(MCP, "1.2", "initialize_agrees_on_2025_03_26_and_serves_it",
                        LifecycleRules.agreesOn(Messages.V2025_03_26)),
                Rule.of(MCP, "1.3", "initialize_agrees_on_2025_06_18_and_serves_it",
                        LifecycleRules.agreesOn(Messages.V2025_06_18)),
                Rule.of(MCP, "1.4", "initialize_agrees_on_2025_11_25_and_serves_it",
                        LifecycleRules.agreesOn(Messages.V2025_11_25)),
                Rule.of(MCP, "1.5", "initialize_with_an_unknown_version_offers_one_the_server_speaks",
                        LifecycleRules::unknownVersionGetsOneTheServerSpeaks),
                Rule.of(MCP, "2.1", "request_is_answered_with_json_or_an_event_stream_ending_in_its_response",
                        MessageRules::requestIsAnsweredWithJsonOrAnEventStream),
                Rule.of(MCP, "2.2", "notification_is_202_without_a_body", MessageRules::notificationIs202WithoutABody),
                Rule.of(MCP, "2.3", "accept_without_event_stream_gets_no_event_stream",
                        MessageRules::acceptWithoutEventStreamGetsNoEventStream),
                Rule.of(MCP, "3.1", "session_id_is_visible_ascii", SessionRules::sessionIdIsVisibleAscii),
                Rule.of(MCP, "3.2", "unknown_session_id_is_404", SessionRules::unknownSessionIdIs404),
                Rule.of(MCP, "3.3", "delete_ends_the_session", SessionRules::deleteEndsTheSession),
                Rule.of(MCP, "4.1", "unsupported_protocol_version_header_is_400",
                        AccessRules::unsupportedProtocolVersionHeaderIs400),
                Rule.of(MCP, "4.2", "foreign_origin_is_403", AccessRules::foreignOriginIs403),
                Rule.of(MCP, "4.3", "request_without_the_token_is_401", AccessRules::requestWithoutTheTokenIs401),
                Rule.of(MCP, "5.1", "body_that_is_not_json_is_a_parse_error",
                        ErrorRules::bodyThatIsNotJsonIsAParseError),
                Rule.of(MCP, "5.2", "message_that_is_not_json_rpc_is_refused",
                        ErrorRules::messageThatIsNotJsonRpcIsRefused),
                Rule.of(MCP, "5.3", "unknown_method_is_method_not_found", ErrorRules::unknownMethodIsMethodNotFound),
                Rule.of(MCP, "5.4", "unknown_tool_is_an_error", ErrorRules::unknownToolIsAnError),
                Rule.of(MCP, "6.1", "2026_server_discover_lists_the_versions",
                        PerRequestRules::serverDiscoverListsTheVersions),
                Rule.of(MCP, "6.2", "2026_results_say_result_type_complete",
                        PerRequestRules::resultsSayResultTypeComplete),
                Rule.of(MCP, "6.3", "2026_tools_call_needs_no_initialize", PerRequestRules::toolsCallNeedsNoInitialize),
                Rule.of(MCP, "6.4", "2026_version_header_must_match_the_meta_version",
                        PerRequestRules::versionHeaderMustMatchTheMetaVersion),
                Rule.of(MCP, "6.5", "2026_missing_mcp_method_header_is_a_header_mismatch",
                        PerRequestRules::missingMcpMethodHeaderIsAHeaderMismatch),
                Rule.of(MCP, "6.6", "2026_mcp_name_must_name_the_tool", PerRequestRules::mcpNameMustNameTheTool),
                Rule.of(MCP, "6.7", "2026_unsupported_version_is_32022_listing_the_supported_ones",
                        PerRequestRules::unsupportedVersionIs32022ListingTheSupportedOnes),
                Rule.of(MCP, "6.8", "2026_unknown_method_is_404_method_not_found",
                        PerRequestRules::unknownMethodIs404MethodNotFound),
                Rule.of(MCP, "6.9", "2026_listen_for_tasks_without_the_tasks_extension_is_32021",
                        ListenRules::listenForTasksWithoutTheExtensionIs32021),
                Rule.of(MCP, "P1.1", "registry_document_is_a_server_list", RegistryRules::isAServerList),
                Rule.of(MCP, "P1.2", "registry_server_names_are_reverse_dns", RegistryRules::namesAreReverseDns),
                Rule.of(MCP, "P1.3", "registry_servers_have_a_streamable_http_remote",
                        RegistryRules::haveAStreamableHttpRemote),
                Rule.of(MCP, "P1.4", "registry_optional_fields_have_their_types",
                        RegistryRules::optionalFieldsHaveTheirTypes),
                Rule.of(MCP, "P2.1", "get_health_is_listed_taking_no_arguments", HealthRules::listedTakingNoArguments),
                Rule.of(MCP, "P2.2", "get_health_answers_one_text_block_with_a_status",
                        HealthRules::answersOneTextBlockWithAStatus),
                Rule.of(MCP, "P2.3", "get_health_answers_within_1_s", HealthRules::answersWithinOneSecond),
                Rule.of(MCP, "P4.1", "send_message_is_listed_taking_a_message", AgentToolRules::listedTakingAMessage),
                Rule.of(MCP, "P4.2", "send_message_answers_in_text", AgentToolRules::answersInText),
                Rule.of(MCP, "P4.3", "send_message_takes_history_and_conversation_id",
                        AgentToolRules::takesHistoryAndConversationId),
                Rule.of(MCP, "P4.4", "progress_notifications_echo_the_progress_token",
                        AgentToolRules::progressEchoesTheToken),
                Rule.of(MCP, "P4.5", "progress_rises_strictly", AgentToolRules::progressRisesStrictly),
                Rule.of(MCP, "P4.6", "progress_comes_before_the_result", AgentToolRules::progressComesBeforeTheResult),
                Rule.of(MCP, "P4.7", "no_progress_without_a_progress_token", AgentToolRules::noProgressWithoutAToken));
    }
}
