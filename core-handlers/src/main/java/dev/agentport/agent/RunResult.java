package dev.agentport.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * How a run ended: with an output, or paused by an {@link Interrupt}.
 *
 * @param output    the reply (a string for chat agents, any JSON for graph agents); {@code null} JSON when interrupted
 * @param interrupt set when the run paused for a human, else {@code null}
 */
public record RunResult(JsonNode output, Interrupt interrupt) {

    public RunResult {
        output = output == null ? NullNode.getInstance() : output;
    }

    public static RunResult of(String text) {
        return new RunResult(JsonNodeFactory.instance.textNode(text), null);
    }

    public static RunResult of(JsonNode output) {
        return new RunResult(output, null);
    }

    /** A run that waits for a human; {@code prompt} and {@code state} may be {@code null}. */
    public static RunResult interrupted(List<String> awaiting, ObjectNode prompt, JsonNode state) {
        return new RunResult(NullNode.getInstance(), new Interrupt(awaiting, prompt, state));
    }

    public boolean isInterrupted() {
        return interrupt != null;
    }
}
