package dev.agentport.runtime;

import dev.agentport.agent.RunResult;

/**
 * How a run ended, for the face to render in its own shape: the agent's result (finished or paused for a human), or a
 * failure whose kind (deadline, cancellation and its cause, no paused run, agent error, store outage) picks the
 * face's error. The engine has logged the failure already.
 */
public sealed interface RunOutcome {

    /** The agent returned: a final output, or an interrupt when it paused. The turn or the paused run is kept. */
    record Completed(RunResult result) implements RunOutcome {
    }

    /** The run did not complete. */
    record Failed(AgentFailures.Failure failure) implements RunOutcome {
    }
}
