package dev.agentport.contract.broken;

import dev.agentport.contract.ContractCases;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.contract.LocalAdapterCases;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.validate.Contract;
import dev.agentport.validate.Outcome;
import dev.agentport.validate.Probe;
import dev.agentport.validate.Report;
import dev.agentport.validate.Result;
import dev.agentport.validate.Settings;
import dev.agentport.validate.Validator;
import dev.agentport.validate.http.HttpTransport;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.net.URI;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The validate-contract command, calibrated: against a server that breaks one rule, exactly that rule fails; against
 * the same server unbroken, none does.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BrokenVariantsTest {

    /** The core with the local adapter on, so that every contract's rules apply; the default agent answers at once. */
    private final InProcessTarget core = new InProcessTarget(new DefaultAgent(Duration.ZERO), LocalAdapterCases.ENV);

    @TestFactory
    Stream<DynamicTest> each_broken_variant_fails_exactly_the_rule_it_breaks() {
        return Breakages.all().stream().map(breakage -> DynamicTest.dynamicTest(breakage.rule(), () -> {
            try (BrokenServer server = new BrokenServer(core, breakage)) {
                assertEquals(Set.of(breakage.rule()), failedRules(server.url()),
                        "rules that failed against the variant that breaks " + breakage.rule());
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> the_unbroken_server_fails_no_rule() {
        return Stream.of(DynamicTest.dynamicTest("no breakage", () -> {
            try (BrokenServer server = new BrokenServer(core, new Breakage("none", request -> false, a -> a))) {
                assertEquals(Set.of(), failedRules(server.url()));
            }
        }));
    }

    private static Set<String> failedRules(String url) {
        Probe probe = new Probe(new HttpTransport(URI.create(url)), ContractCases.TOKEN);
        Report report = Validator.standard().validate(url, probe, EnumSet.allOf(Contract.class), Settings.DEFAULTS);
        return report.results().stream()
                .filter(result -> result.outcome() == Outcome.FAIL)
                .map(Result::rule)
                .map(rule -> rule.id())
                .collect(Collectors.toCollection(TreeSet::new));
    }
}
