package dev.agentport.session;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.agent.Interrupt;

import java.time.Instant;

/**
 * A run that paused for a human, kept under its run id until it is claimed. Several may wait in one conversation.
 *
 * @param runId     the run's id: the A2A task id, or for AgentBreeder the thread id
 * @param sessionId the conversation it belongs to
 * @param input     the input of the run that paused
 * @param interrupt what it waits for and the agent's private state
 * @param pausedAt  when it paused
 */
public record PausedRun(String runId, String sessionId, JsonNode input, Interrupt interrupt, Instant pausedAt) {

    /** A paused AgentBreeder run, whose run id is its thread (session) id. */
    public PausedRun(String threadId, JsonNode input, Interrupt interrupt, Instant pausedAt) {
        this(threadId, threadId, input, interrupt, pausedAt);
    }

    /** The AgentBreeder thread id: the conversation. */
    public String threadId() {
        return sessionId;
    }
}
