package dev.agentport.mcp;

import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.defaultagent.DefaultAgent;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A POST must accept both {@code application/json} and {@code text/event-stream}: media ranges compared in any case,
 * whitespace and parameters aside, wildcards counting. Each rule is a row: the {@code Accept} values sent with a ping,
 * and the status expected.
 */
class AcceptRulesTest {

    private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";

    private record AcceptCase(String rule, List<String> accept, int status) {
    }

    private static final List<AcceptCase> CASES = List.of(
            new AcceptCase("both_types_are_accepted", List.of("application/json, text/event-stream"), 200),
            new AcceptCase("the_types_are_compared_in_any_case", List.of("Application/JSON,TEXT/Event-Stream"), 200),
            new AcceptCase("whitespace_and_parameters_are_set_aside",
                    List.of(" application/json ;q=0.9 ,\ttext/event-stream; charset=utf-8 "), 200),
            new AcceptCase("the_types_may_come_in_two_headers", List.of("application/json", "text/event-stream"), 200),
            new AcceptCase("wildcards_count", List.of("application/*, text/*"), 200),
            new AcceptCase("a_star_is_both", List.of("*/*"), 200),
            new AcceptCase("json_alone_is_406", List.of("application/json"), 406),
            new AcceptCase("an_event_stream_alone_is_406", List.of("text/event-stream,"), 406),
            new AcceptCase("a_longer_type_is_not_the_type", List.of("application/jsonx, text/event-streams"), 406),
            new AcceptCase("only_ascii_letters_fold", List.of("application/json, text/event-\u017Ftream"), 406),
            new AcceptCase("an_empty_value_is_406", List.of(""), 406));

    @TestFactory
    Stream<DynamicTest> acceptRules() {
        InProcessTarget target = new InProcessTarget(McpTesting.core(new DefaultAgent(), Map.of(),
                McpSettings.fromEnvironment(Map.of())));
        return CASES.stream().map(rule -> DynamicTest.dynamicTest(rule.rule(), () -> {
            CaseRequest.Builder request = CaseRequest.post("/mcp").json(PING);
            rule.accept().forEach(value -> request.header("Accept", value));
            Exchange answer = target.send(request.build());
            assertEquals(rule.status(), answer.status(), answer.toString());
        }));
    }
}
