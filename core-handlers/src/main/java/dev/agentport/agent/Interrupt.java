package dev.agentport.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Objects;

/**
 * A run that paused for a human.
 *
 * @param awaiting what the run waits for, e.g. {@code ["human_approval"]}
 * @param prompt   extra fields shown to the caller next to {@code status}, {@code thread_id} and {@code awaiting}
 *                 (e.g. a question); may be {@code null}
 * @param state    private state the agent needs to continue; kept by the server, never sent to the caller
 */
public record Interrupt(List<String> awaiting, ObjectNode prompt, JsonNode state) {
    public Interrupt {
        awaiting = List.copyOf(Objects.requireNonNull(awaiting, "awaiting"));
    }
}
