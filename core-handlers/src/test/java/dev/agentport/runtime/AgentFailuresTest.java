package dev.agentport.runtime;

import dev.agentport.agent.AgentException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class AgentFailuresTest {

    @Test
    void an_interrupted_run_is_cancelled_not_an_unexpected_failure() {
        AgentFailures.Failure failure = AgentFailures.describe(new InterruptedException("sleep interrupted"), "t-1",
                "tool call");
        assertEquals(AgentFailures.Kind.CANCELLED, failure.kind());
    }

    @Test
    void an_agent_exception_keeps_its_message() {
        assertEquals(new AgentFailures.Failure(AgentFailures.Kind.AGENT_ERROR, "no such city"),
                AgentFailures.describe(new AgentException("no such city"), "t-1", "invoke"));
    }

    @Test
    void anything_else_is_generic_with_the_trace_id_and_never_its_message() {
        AgentFailures.Failure failure = AgentFailures.describe(new IllegalStateException("password=hunter2"), "t-9",
                "invoke");
        assertEquals(AgentFailures.Kind.INTERNAL, failure.kind());
        assertFalse(failure.message().contains("hunter2"), failure.message());
        assertEquals(true, failure.message().contains("t-9"));
    }
}
