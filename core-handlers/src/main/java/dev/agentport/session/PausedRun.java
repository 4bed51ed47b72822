package dev.agentport.session;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.agent.Interrupt;

import java.time.Instant;

/**
 * A run that paused for a human, kept until it is resumed.
 *
 * @param threadId  the thread (session id) it belongs to
 * @param input     the input of the run that paused
 * @param interrupt what it waits for and the agent's private state
 * @param pausedAt  when it paused
 */
public record PausedRun(String threadId, JsonNode input, Interrupt interrupt, Instant pausedAt) {
}
