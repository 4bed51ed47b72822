package dev.agentport.agent;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A human's answer to a paused run.
 *
 * @param threadId   the paused run's thread (its session id)
 * @param humanInput the answer, any JSON, as sent
 * @param interrupt  the interrupt the run paused with, its private state included
 * @param input      the input of the run that paused
 */
public record ResumeInput(String threadId, JsonNode humanInput, Interrupt interrupt, JsonNode input) {
}
