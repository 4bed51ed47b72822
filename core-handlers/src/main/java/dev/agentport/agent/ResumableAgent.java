package dev.agentport.agent;

/**
 * An agent that continues runs paused with an {@link Interrupt}. Implementing this interface is what makes an agent
 * resumable: the card advertises resume and AgentBreeder's {@code /resume} is served; for any other agent it answers
 * 501.
 */
public interface ResumableAgent extends Agent {

    /** Continues a run that paused with an {@link Interrupt}, with the human's answer. */
    RunResult resume(ResumeInput input, RunContext context) throws Exception;

    /** Whether {@code agent} continues paused runs: whether it implements this interface. */
    static boolean canResume(Agent agent) {
        return agent instanceof ResumableAgent;
    }

    /** {@code agent} as a resumable agent; throws {@link UnsupportedOperationException} when it is not one. */
    static ResumableAgent of(Agent agent) {
        if (agent instanceof ResumableAgent resumable) {
            return resumable;
        }
        throw new UnsupportedOperationException("this agent does not support resume");
    }
}
