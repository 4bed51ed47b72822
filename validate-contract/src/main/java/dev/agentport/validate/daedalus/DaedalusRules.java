package dev.agentport.validate.daedalus;

import dev.agentport.validate.Contract;
import dev.agentport.validate.Detection;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.Rule;
import dev.agentport.validate.RuleSet;
import dev.agentport.validate.Settings;

import java.util.ArrayList;
import java.util.List;

/**
 * Daedalus Runtime Contract v1, levels 1 to 3. Rules are numbered by the contract's text: {@code M} its Contract
 * Manifest; {@code L1}, {@code L2}, {@code L3} the lines of its Conformance Levels checklists, in order, with the
 * details its "POST /" and discovery sections (and its conformance suite) give a line numbered under it
 * ({@code L1.3.1} ...). Paths come from the manifest when one is served.
 *
 * <p>{@code --level N} checks the rules of levels 1 to N. Without it, every rule is listed, and the rules above the
 * level the manifest declares (level 1 without a manifest) skip. Level 2 is mostly inside the container: its rules on
 * SIGTERM, logs and shutdown always skip, saying what was not checked.
 */
public final class DaedalusRules implements RuleSet {

    private static final Contract DA = Contract.DAEDALUS;

    @Override
    public Contract contract() {
        return DA;
    }

    @Override
    public Detection detect(Probe probe) {
        Manifest manifest = Manifest.of(probe);
        if (manifest.served() && manifest.body().path("contractVersion").isTextual()) {
            return Detection.found(DA, manifest.evidence() + " with contractVersion "
                    + manifest.body().get("contractVersion").asText() + ", conformance level "
                    + (manifest.level() == 0 ? "unreadable" : manifest.level()));
        }
        return Detection.notFound(DA, manifest.evidence() + " without a runtime contract manifest");
    }

    @Override
    public List<Rule> rules(Settings settings) {
        List<Rule> rules = new ArrayList<>();
        rules.add(Rule.of(DA, "M.1", "manifest_is_a_valid_runtime_contract_manifest", Level1::manifestIsValid));
        add(rules, settings, 1, "L1.1", "health_returns_200_with_status_ok", Level1::healthReturnsOk);
        add(rules, settings, 1, "L1.2", "agent_card_is_a_valid_agent_card", Level1::cardIsValid);
        add(rules, settings, 1, "L1.2.1", "agent_card_skills_have_id_name_description_and_tags",
                Level1::cardSkillsAreComplete);
        add(rules, settings, 1, "L1.3", "post_accepts_a_send_message_request_and_returns_a_valid_task",
                Level1::taskIsReturned);
        add(rules, settings, 1, "L1.3.1", "post_accepts_json_with_a_charset", Level1::jsonWithACharsetIsAccepted);
        add(rules, settings, 1, "L1.3.2", "post_tolerates_unknown_fields", Level1::unknownFieldsAreTolerated);
        add(rules, settings, 1, "L1.3.3", "post_answers_a_message_without_parts_with_a_task",
                Level1::emptyPartsAreAnsweredWithATask);
        add(rules, settings, 1, "L1.3.4", "post_of_malformed_json_is_400", Level1::malformedJsonIs400);
        add(rules, settings, 1, "L1.3.5", "post_of_an_unsupported_content_type_is_415",
                Level1::unsupportedContentTypeIs415);
        add(rules, settings, 1, "L1.4", "task_id_matches_the_request_task_id", Level1::taskIdMatchesTheTaskId);
        add(rules, settings, 1, "L1.4.1", "task_id_falls_back_to_the_message_id",
                Level1::taskIdFallsBackToTheMessageId);
        add(rules, settings, 1, "L1.5", "completed_tasks_include_at_least_one_artifact",
                Level1::completedTaskHasAnArtifact);
        add(rules, settings, 1, "L1.6", "failed_tasks_include_status_message", Level1::failedTaskHasAStatusMessage);
        add(rules, settings, 2, "L2.1", "sigterm_graceful_shutdown_within_the_grace_period", Level2::gracefulShutdown);
        add(rules, settings, 2, "L2.2", "structured_json_logging_to_stdout", Level2::structuredJsonLogging);
        add(rules, settings, 2, "L2.3", "trace_context_propagation", Level2::traceContextPropagation);
        add(rules, settings, 2, "L2.4", "post_returns_503_during_shutdown", Level2::shutdownIs503);
        add(rules, settings, 3, "L3.1", "sse_streaming_support", Level3::streamsEvents);
        add(rules, settings, 3, "L3.2", "agent_card_capabilities_streaming_is_true", Level3::cardAdvertisesStreaming);
        add(rules, settings, 3, "L3.3", "context_compaction_reporting_via_metadata",
                Level3::contextCompactionIsReported);
        add(rules, settings, 3, "L3.4", "session_resume_with_the_same_context_id",
                Level3::sessionResumeKeepsTheContextId);
        return rules;
    }

    /** Adds the rule when the level asked for includes it; with no level asked for, the manifest's level decides. */
    private static void add(List<Rule> rules, Settings settings, int level, String number, String name,
                            Rule.Check check) {
        if (settings.level() == 0) {
            rules.add(Rule.of(DA, number, name, probe -> {
                int declared = Math.max(1, Manifest.of(probe).level());
                if (declared < level) {
                    throw Expect.skip("the runtime declares conformance level " + declared + " (" + evidence(probe)
                            + "); give --level " + level + " to check the level-" + level + " rules");
                }
                check.run(probe);
            }));
        } else if (level <= settings.level()) {
            rules.add(Rule.of(DA, number, name, check));
        }
    }

    private static String evidence(Probe probe) {
        Manifest manifest = Manifest.of(probe);
        return manifest.served() && manifest.level() > 0 ? "in its manifest" : "no manifest says otherwise";
    }
}
