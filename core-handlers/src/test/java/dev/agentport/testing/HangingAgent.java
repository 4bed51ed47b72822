package dev.agentport.testing;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agent.ResumableAgent;
import dev.agentport.agent.ResumeInput;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An agent whose model call hangs: every run blocks for ten minutes (in a stream, after one delta), and so does every
 * resume. An input that asks for approval pauses at once instead, so that a resume can be tried. It stands for a model
 * provider that never answers; the run timeout must end each of its runs. One class with no inner classes, so that
 * the parity suite can plug it into every target as a user's agent jar.
 */
public final class HangingAgent implements ResumableAgent {

    /** How long a run blocks: far past any run timeout a test sets. */
    public static final long HANG_MILLIS = 600_000;

    private static final AtomicInteger HANGING = new AtomicInteger();

    /**
     * How many calls are blocked in this agent in this JVM right now: a run counts as in progress as soon as it is
     * registered, before the agent is reached, and a test that must cut runs inside the agent waits for this.
     */
    public static int hanging() {
        return HANGING.get();
    }

    @Override
    public AgentDescriptor descriptor() {
        return AgentDescriptor.of("hanging-agent", "1.0.0", "Its model never answers.");
    }

    @Override
    public RunResult invoke(RunInput input, RunContext context) throws Exception {
        if (asksForApproval(input)) {
            return pause(input);
        }
        return hang();
    }

    @Override
    public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) throws Exception {
        if (asksForApproval(input)) {
            return pause(input);
        }
        emitter.delta("Thinking");
        return hang();
    }

    @Override
    public RunResult resume(ResumeInput input, RunContext context) throws Exception {
        return hang();
    }

    private static RunResult hang() throws InterruptedException {
        HANGING.incrementAndGet();
        try {
            Thread.sleep(HANG_MILLIS);
        } finally {
            HANGING.decrementAndGet();
        }
        return RunResult.of("never");
    }

    private static boolean asksForApproval(RunInput input) {
        return input.text().contains("approve");
    }

    private static RunResult pause(RunInput input) {
        return RunResult.interrupted(List.of("human_approval"),
                JsonNodeFactory.instance.objectNode().put("question", "Approve \"" + input.text() + "\"?"), null);
    }
}
