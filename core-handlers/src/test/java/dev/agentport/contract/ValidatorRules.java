package dev.agentport.contract;

import dev.agentport.validate.Contract;
import dev.agentport.validate.Outcome;
import dev.agentport.validate.Probe;
import dev.agentport.validate.Result;
import dev.agentport.validate.Rule;
import dev.agentport.validate.Settings;
import dev.agentport.validate.Validator;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;
import dev.agentport.validate.http.SseEvent;
import dev.agentport.validate.http.Transport;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * The rules of the {@code validate-contract} command, run against a target as JUnit dynamic tests: the project's
 * suites and the command check the same rules, written once in the command's module.
 */
public final class ValidatorRules {

    private ValidatorRules() {
    }

    /** Every rule of each contract, one dynamic container per contract; a skipped rule is an aborted test. */
    public static Stream<DynamicContainer> against(Target target, Contract... contracts) {
        return against(new Probe(transport(target), ContractCases.TOKEN), Settings.DEFAULTS, contracts);
    }

    /** Every rule of each contract, sent through the probe (e.g. over HTTP to a started server, with its token). */
    public static Stream<DynamicContainer> against(Probe probe, Settings settings, Contract... contracts) {
        Validator validator = Validator.standard();
        return Arrays.stream(contracts).map(contract -> DynamicContainer.dynamicContainer(contract.cliName(),
                validator.rules(contract, settings).stream().map(rule -> test(rule, probe))));
    }

    /**
     * Every contract the default server serves: all but /run-task, which is off by default ({@code
     * AGENT_LOCAL_ADAPTER}) and served by the Helidon server only; its rules run where a suite turns it on.
     */
    public static Stream<DynamicContainer> against(Target target) {
        return against(target, EnumSet.complementOf(EnumSet.of(Contract.RUN_TASK)).toArray(Contract[]::new));
    }

    private static DynamicTest test(Rule rule, Probe probe) {
        return DynamicTest.dynamicTest(rule.number() + " " + rule.name(), () -> {
            Result result = Validator.check(rule, probe);
            if (result.outcome() == Outcome.FAIL) {
                fail(rule.id() + ": " + result.reason());
            }
            Assumptions.assumeTrue(result.outcome() == Outcome.PASS, () -> rule.id() + " skipped: " + result.reason());
        });
    }

    /** Sends the command's requests through the target, and hands its answers back in the command's shape. */
    static Transport transport(Target target) {
        return (request, timeout) -> {
            try {
                return answer(request, target.send(caseRequest(request)));
            } catch (java.io.IOException | InterruptedException | RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new java.io.IOException(e.getMessage(), e);
            }
        };
    }

    private static CaseRequest caseRequest(Request request) {
        CaseRequest.Builder builder = CaseRequest.method(request.method(), request.path());
        for (Map.Entry<String, String> header : request.headers()) {
            builder.header(header.getKey(), header.getValue());
        }
        if (request.body() != null) {
            builder.body(null, request.body());
        }
        return builder.build();
    }

    private static Answer answer(Request request, Exchange exchange) {
        List<SseEvent> events = exchange.events().stream()
                .map(event -> new SseEvent(event.event(), null, event.data(), event.arrivedAt()))
                .toList();
        return new Answer(request, exchange.status(), exchange.headers(), exchange.body(), events);
    }
}
