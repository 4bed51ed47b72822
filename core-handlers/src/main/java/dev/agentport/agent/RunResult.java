package dev.agentport.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

/**
 * How a run ended: with an output, or paused by an {@link Interrupt}; with any artifacts it produced and metadata for
 * the caller. Build one with the static factories or {@link #builder}; fields added later do not break callers.
 *
 * @param output    the reply (a string for chat agents, any JSON for graph agents); {@code null} JSON when interrupted
 * @param interrupt set when the run paused for a human, else {@code null}
 * @param artifacts what the run produced besides its reply, in order
 * @param metadata  extra facts for the caller (e.g. {@code contextUsage}); an empty object when none
 */
public record RunResult(JsonNode output, Interrupt interrupt, List<Artifact> artifacts, ObjectNode metadata) {

    public RunResult {
        output = output == null ? NullNode.getInstance() : output;
        artifacts = artifacts == null ? List.of() : List.copyOf(artifacts);
        metadata = metadata == null ? JsonNodeFactory.instance.objectNode() : metadata;
    }

    public RunResult(JsonNode output, Interrupt interrupt) {
        this(output, interrupt, List.of(), null);
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

    public static Builder builder() {
        return new Builder();
    }

    public boolean isInterrupted() {
        return interrupt != null;
    }

    /** The output as text: the string itself, or the JSON text of anything else. */
    public String outputText() {
        return output.isTextual() ? output.asText() : output.isNull() ? "" : output.toString();
    }

    public static final class Builder {
        private JsonNode output;
        private Interrupt interrupt;
        private final List<Artifact> artifacts = new ArrayList<>();
        /** Made with the first member other than the usage: a run that reports only its usage gets a lazy tree. */
        private ObjectNode metadata;
        /** The usage reported while {@link #metadata} is not made yet, its first member when it is. */
        private ContextUsage usage;

        private Builder() {
        }

        public Builder output(String text) {
            this.output = JsonNodeFactory.instance.textNode(text);
            return this;
        }

        public Builder output(JsonNode output) {
            this.output = output;
            return this;
        }

        public Builder interrupt(Interrupt interrupt) {
            this.interrupt = interrupt;
            return this;
        }

        public Builder artifact(Artifact artifact) {
            artifacts.add(artifact);
            return this;
        }

        public Builder metadata(String key, JsonNode value) {
            if (metadata == null) {
                metadata = JsonNodeFactory.instance.objectNode();
                if (usage != null) {
                    metadata.set(ContextUsage.KEY, usage.toJson());
                }
            }
            metadata.set(key, value);
            return this;
        }

        public Builder contextUsage(ContextUsage usage) {
            if (metadata == null) {
                this.usage = usage;
            } else {
                metadata.set(ContextUsage.KEY, usage.toJson());
            }
            return this;
        }

        public RunResult build() {
            return new RunResult(output, interrupt, artifacts,
                    metadata == null && usage != null ? ContextUsage.metadataOf(usage) : metadata);
        }
    }
}
