package dev.agentport.contract;

import java.util.List;

import static dev.agentport.contract.CaseRequest.get;
import static dev.agentport.contract.CaseRequest.post;
import static dev.agentport.contract.ContractCases.assertError;
import static dev.agentport.contract.ContractCases.traceIdOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The headers any request may bring: the contract version, {@code X-Request-Id} and the trace ids. */
final class HeaderCases {

    private HeaderCases() {
    }

    static List<ContractCase> versioning() {
        return List.of(
                ContractCase.of("request_asking_for_another_contract_version_is_400", post("/invoke").authorized()
                        .header("X-Runtime-Contract-Version", "2").json("{\"input\":\"hi\"}").build(),
                        (answer, target) -> assertError(answer, 400, "UNSUPPORTED_CONTRACT_VERSION")),
                ContractCase.of("request_id_is_echoed", get("/health").header("X-Request-Id", "req-{run}-42").build(),
                        (answer, target) -> assertTrue(answer.header("X-Request-Id").matches("req-.+-42"))),
                ContractCase.of("request_id_is_echoed_on_errors", get("/nowhere")
                        .header("X-Request-Id", "req-err-7").build(),
                        (answer, target) -> assertEquals("req-err-7", answer.header("X-Request-Id"))));
    }

    /** {@code X-Request-Id} is echoed only when it is printable ASCII of at most 200 characters. */
    static List<ContractCase> requestIds() {
        String longest = "r{run}" + "x".repeat(200 - "r12345678".length());
        return List.of(
                ContractCase.of("request_id_of_200_characters_is_echoed", get("/health")
                        .header("X-Request-Id", longest).build(), (answer, target) ->
                        assertEquals(answer.request().headers().get(0).getValue(), answer.header("X-Request-Id"))),
                ContractCase.of("request_id_of_201_characters_is_not_echoed", get("/health")
                        .header("X-Request-Id", longest + "x").build(), (answer, target) ->
                        assertNull(answer.header("X-Request-Id"))),
                ContractCase.of("request_id_with_a_tab_is_not_echoed", get("/health")
                        .header("X-Request-Id", "req\tid").build(), (answer, target) ->
                        assertNull(answer.header("X-Request-Id"))),
                ContractCase.of("request_id_with_spaces_and_symbols_is_echoed", get("/nowhere")
                        .header("X-Request-Id", "req {run} #1/a=b").build(), (answer, target) ->
                        assertEquals(answer.request().headers().get(0).getValue(), answer.header("X-Request-Id"))));
    }

    /**
     * The {@code trace_id} of an error: a well-formed {@code X-Trace-Id}, else the trace id of {@code traceparent},
     * else a fresh one for every request.
     */
    static List<ContractCase> traceIds() {
        String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        return List.of(
                ContractCase.of("x_trace_id_is_the_trace_id", post("/invoke").header("X-Trace-Id", "trace-{run}")
                        .header("traceparent", traceparent).json("{\"input\":\"hi\"}").build(),
                        (answer, target) -> {
                            assertError(answer, 401, "UNAUTHORIZED");
                            assertEquals(answer.request().headers().get(0).getValue(), traceIdOf(answer));
                        }),
                ContractCase.of("traceparent_gives_the_trace_id_without_x_trace_id", get("/nowhere")
                        .header("traceparent", traceparent).build(), (answer, target) ->
                        assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", traceIdOf(answer))),
                ContractCase.of("malformed_x_trace_id_is_ignored", get("/nowhere")
                        .header("X-Trace-Id", "not a trace id!").header("traceparent", traceparent).build(),
                        (answer, target) -> assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", traceIdOf(answer))),
                ContractCase.of("malformed_traceparent_is_ignored", get("/nowhere")
                        .header("traceparent", "00-not-a-trace").build(), (answer, target) ->
                        assertTrue(traceIdOf(answer).matches("[0-9a-f]{32}"), traceIdOf(answer))),
                ContractCase.of("trace_id_is_fresh_for_every_request", post("/invoke").json("{\"input\":\"hi\"}")
                        .build(), (answer, target) -> {
                    String first = traceIdOf(answer);
                    assertTrue(first.matches("[0-9a-f]{32}"), first);
                    String second = traceIdOf(target.send(answer.request()));
                    String third = traceIdOf(target.send(get("/nowhere").build()));
                    assertEquals(3, java.util.Set.of(first, second, third).size(),
                            "trace ids repeat: " + first + " " + second + " " + third);
                }));
    }
}
