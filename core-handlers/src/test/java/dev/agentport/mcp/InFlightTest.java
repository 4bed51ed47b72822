package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.IntNode;
import dev.agentport.agent.Cancellation;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InFlightTest {

    private final InFlight inFlight = new InFlight();
    private final HttpRequest request = HttpRequest.builder("POST", "/mcp").build();

    @Test
    void a_cancel_naming_an_id_that_several_requests_share_cancels_none_until_one_is_left() throws Exception {
        Cancellation first = cancellation();
        Cancellation second = cancellation();
        InFlight.Entry firstEntry = inFlight.register(request, IntNode.valueOf(1), first);
        InFlight.Entry secondEntry = inFlight.register(request, IntNode.valueOf(1), second);

        inFlight.cancel(request, cancelOf(1));
        assertFalse(first.isCancelled() || second.isCancelled(), "requests not told apart were cancelled");

        firstEntry.close();
        inFlight.cancel(request, cancelOf(1));
        assertTrue(second.isCancelled(), "the one request left under the id was not cancelled");
        secondEntry.close();
    }

    @Test
    void a_request_that_ended_is_no_longer_cancelled() throws Exception {
        Cancellation ended = cancellation();
        inFlight.register(request, IntNode.valueOf(1), ended).close();
        inFlight.cancel(request, cancelOf(1));
        assertFalse(ended.isCancelled());
    }

    @Test
    void requests_that_came_and_went_under_one_id_at_once_leave_nothing_behind() throws Exception {
        try (ExecutorService threads = Executors.newFixedThreadPool(8)) {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                done.add(threads.submit(() -> {
                    for (int i = 0; i < 2_000; i++) {
                        inFlight.register(request, IntNode.valueOf(1), cancellation()).close();
                    }
                }));
            }
            for (Future<?> thread : done) {
                thread.get(30, TimeUnit.SECONDS);
            }
        }
        Cancellation last = cancellation();
        inFlight.register(request, IntNode.valueOf(1), last);
        inFlight.cancel(request, cancelOf(1));
        assertTrue(last.isCancelled(), "an earlier request under the id was still counted as in flight");
    }

    private static Cancellation cancellation() {
        return new Cancellation(Instant.now().plusSeconds(60));
    }

    private static McpMessage cancelOf(int requestId) throws Exception {
        return McpMessage.read(Json.parser(("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                + "\"params\":{\"requestId\":" + requestId + "}}").getBytes(StandardCharsets.UTF_8)));
    }
}
