package dev.agentport.validate;

import dev.agentport.validate.agentbreeder.AgentBreederRules;
import dev.agentport.validate.agentcore.AgentCoreRules;
import dev.agentport.validate.a2a.A2aRules;
import dev.agentport.validate.daedalus.DaedalusRules;
import dev.agentport.validate.mcp.McpRules;
import dev.agentport.validate.runtask.RunTaskRules;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Checks a server against the contracts asked for, or against those it is found to speak: every rule in order,
 * each with the reason it failed or was skipped. A run stops checking after {@link #TIME_BUDGET}; the rules left are
 * skipped and say so.
 */
public final class Validator {

    /** How long one run may check rules; a healthy server is checked well within it. */
    public static final Duration TIME_BUDGET = Duration.ofSeconds(50);

    private final List<RuleSet> ruleSets;
    private final Duration timeBudget;

    public Validator(List<RuleSet> ruleSets, Duration timeBudget) {
        this.ruleSets = List.copyOf(ruleSets);
        this.timeBudget = timeBudget;
    }

    /** Every contract's rules, in the order of {@link Contract}. */
    public static Validator standard() {
        return new Validator(List.of(new AgentBreederRules(), new DaedalusRules(), new A2aRules(), new McpRules(),
                new AgentCoreRules(), new RunTaskRules()), TIME_BUDGET);
    }

    /** The rules of one contract. */
    public List<Rule> rules(Contract contract, Settings settings) {
        return ruleSet(contract).rules(settings);
    }

    /**
     * @param asked the contracts to check; empty to detect them
     */
    public Report validate(String url, Probe probe, Set<Contract> asked, Settings settings) {
        long start = System.nanoTime();
        List<Detection> detections = new ArrayList<>();
        List<Contract> chosen = new ArrayList<>();
        for (RuleSet ruleSet : ruleSets) {
            if (asked.isEmpty()) {
                Detection detection = detect(ruleSet, probe);
                detections.add(detection);
                if (detection.found()) {
                    chosen.add(ruleSet.contract());
                }
            } else if (asked.contains(ruleSet.contract())) {
                chosen.add(ruleSet.contract());
            }
        }
        long stopAt = start + timeBudget.toNanos();
        List<Result> results = new ArrayList<>();
        for (Contract contract : chosen) {
            for (Rule rule : rules(contract, settings)) {
                results.add(System.nanoTime() > stopAt
                        ? new Result(rule, Outcome.SKIP, "the run's " + timeBudget.toSeconds()
                                + " s were spent before this rule", 0)
                        : check(rule, probe));
            }
        }
        return new Report(url, asked.isEmpty(), detections, results, probe.requestsSent(),
                (System.nanoTime() - start) / 1_000_000);
    }

    /** Checks one rule: whatever it throws becomes a reason, never a stack trace. */
    public static Result check(Rule rule, Probe probe) {
        long start = System.nanoTime();
        Outcome outcome = Outcome.PASS;
        String reason = "";
        try {
            rule.check().run(probe);
        } catch (RuleFailed e) {
            outcome = Outcome.FAIL;
            reason = e.getMessage();
        } catch (RuleSkipped e) {
            outcome = Outcome.SKIP;
            reason = e.getMessage();
        } catch (Exception | AssertionError e) {
            outcome = Outcome.FAIL;
            reason = "the check could not finish: " + Probe.describe(e);
        }
        return new Result(rule, outcome, reason, (System.nanoTime() - start) / 1_000_000);
    }

    private static Detection detect(RuleSet ruleSet, Probe probe) {
        try {
            return ruleSet.detect(probe);
        } catch (RuntimeException e) {
            return Detection.notFound(ruleSet.contract(), "probing failed: " + Probe.describe(e));
        }
    }

    private RuleSet ruleSet(Contract contract) {
        for (RuleSet ruleSet : ruleSets) {
            if (ruleSet.contract() == contract) {
                return ruleSet;
            }
        }
        throw new IllegalArgumentException("no rules for " + contract);
    }
}
