package dev.agentport.jsonrpc;

import dev.agentport.agent.Agent;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.RunCancelledException;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * An agent whose runs wait until the test opens the gate, checking their cancellation meanwhile; each then answers
 * {@code done} with a {@code notes} artifact. Remembers whether a run was stopped (by its cancellation, or
 * interrupted when the run was canceled).
 */
final class GateAgent implements Agent {

    final CountDownLatch started = new CountDownLatch(1);
    final CountDownLatch stopped = new CountDownLatch(1);
    private final CountDownLatch gate = new CountDownLatch(1);

    void open() {
        gate.countDown();
    }

    @Override
    public AgentDescriptor descriptor() {
        return new AgentDescriptor("gate", "1", "Waits for the test.", "test", List.of());
    }

    @Override
    public RunResult invoke(RunInput input, RunContext context) throws Exception {
        return stream(input, context, null);
    }

    @Override
    public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) throws Exception {
        started.countDown();
        try {
            while (!gate.await(20, TimeUnit.MILLISECONDS)) {
                context.cancellation().check();
            }
        } catch (RunCancelledException | InterruptedException e) {
            stopped.countDown();
            throw e;
        }
        return RunResult.builder().output("done").artifact(Artifact.text("notes", "written while waiting")).build();
    }
}
