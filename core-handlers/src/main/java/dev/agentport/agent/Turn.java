package dev.agentport.agent;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;

/** One finished exchange of a session: what the caller sent and what the agent answered. */
public record Turn(JsonNode input, JsonNode output, Instant at) {
}
