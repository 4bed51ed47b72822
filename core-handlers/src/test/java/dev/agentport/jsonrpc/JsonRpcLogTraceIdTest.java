package dev.agentport.jsonrpc;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.agentport.AgentPort;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.json.Json;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.testing.FailingStores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.agentport.testing.FailingStores.Operation.CLAIM_PAUSED;
import static dev.agentport.testing.FailingStores.Operation.PUT_TASK;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A state store outage on the JSON-RPC task paths is logged under the request's trace id, never {@code null}. */
class JsonRpcLogTraceIdTest {

    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";

    private final FailingStores store = new FailingStores();
    private final InProcessTarget target = new InProcessTarget(AgentPort.builder()
            .agent(new DefaultAgent(Duration.ZERO)).config(RuntimeConfig.fromEnvironment(Map.of()))
            .stateStores(store.stores()).build());
    private final Logger failures = (Logger) LoggerFactory.getLogger(AgentFailures.class);
    private final ListAppender<ILoggingEvent> log = new ListAppender<>();

    @BeforeEach
    void captureLog() {
        log.start();
        failures.addAppender(log);
    }

    @AfterEach
    void releaseLog() {
        failures.detachAppender(log);
    }

    private Exchange rpc(String method, String params) throws Exception {
        return target.send(CaseRequest.post("/a2a").header("A2A-Version", "1.0").header("X-Trace-Id", TRACE)
                .json("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method + "\",\"params\":" + params + "}")
                .build());
    }

    private String send(String text) throws Exception {
        return Json.MAPPER.readTree(rpc("SendMessage", "{\"message\":{\"messageId\":\"m1\",\"role\":\"ROLE_USER\","
                + "\"parts\":[{\"text\":\"" + text + "\"}]}}").text()).at("/result/task/id").asText();
    }

    private void assertLoggedUnderTheTraceId(String operation) {
        List<String> lines = log.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
        assertTrue(lines.stream().anyMatch(line -> line.startsWith(operation) && line.contains("trace_id=" + TRACE)),
                lines.toString());
        assertFalse(lines.stream().anyMatch(line -> line.contains("trace_id=null")), lines.toString());
    }

    @Test
    void a_cancel_that_cannot_drop_the_paused_run_logs_the_request_trace_id() throws Exception {
        String id = send("please approve");
        store.fail(CLAIM_PAUSED);
        assertTrue(rpc("CancelTask", "{\"id\":\"" + id + "\"}").text().contains("TASK_STATE_CANCELED"));
        assertLoggedUnderTheTraceId("CancelTask");
    }

    @Test
    void a_launch_that_cannot_store_the_run_end_logs_the_request_trace_id() throws Exception {
        // The launch reads its task back only after a conflicting write; storing its end it always does.
        store.failAfter(PUT_TASK, 1);
        send("hello");
        assertLoggedUnderTheTraceId("task");
    }
}
