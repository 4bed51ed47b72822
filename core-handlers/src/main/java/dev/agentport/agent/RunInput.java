package dev.agentport.agent;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The caller's input, exactly as sent: a string for chat-style agents, an object or an array for graph-style agents.
 */
public record RunInput(JsonNode value) {

    /**
     * The input as plain text: the string itself; for an object, its {@code message}, {@code input}, {@code text},
     * {@code query}, {@code prompt} or {@code question} field, or the content of the last entry of {@code messages};
     * for an array, the content of its last message. Otherwise the JSON text.
     */
    public String text() {
        return Texts.of(value);
    }
}
