package dev.agentport.parity.agent;

import dev.agentport.agent.Agent;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;

/** An agent whose {@link #load()} fails, plugged into every target through ServiceLoader by the parity suite. */
public final class FailingToLoadAgent implements Agent {

    @Override
    public AgentDescriptor descriptor() {
        return AgentDescriptor.of("failing-to-load", "1.0.0", "Cannot load its model.");
    }

    @Override
    public void load() {
        throw new IllegalStateException("model download failed");
    }

    @Override
    public RunResult invoke(RunInput input, RunContext context) {
        return RunResult.of("never");
    }
}
