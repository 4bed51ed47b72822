package dev.agentport.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * The caller's input: the value exactly as sent (a string for chat-style agents, an object or an array for graph-style
 * agents) and, from faces whose messages have them, its parts (text, files, data). Build one with {@link #of} or
 * {@link #builder}; fields added later do not break callers.
 *
 * @param value the input as sent; for a message of parts, its text
 * @param parts the message's parts, or empty when the face sends a plain value
 */
public record RunInput(JsonNode value, List<Part> parts) {

    public RunInput {
        value = value == null ? JsonNodeFactory.instance.nullNode() : value;
        parts = parts == null ? List.of() : List.copyOf(parts);
    }

    public RunInput(JsonNode value) {
        this(value, List.of());
    }

    public static RunInput of(String text) {
        return new RunInput(JsonNodeFactory.instance.textNode(text));
    }

    /** An input made of message parts; its value is the text of the text parts. */
    public static RunInput ofParts(List<Part> parts) {
        return new RunInput(JsonNodeFactory.instance.textNode(textOf(parts)), parts);
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * The input as plain text: the text parts joined by new lines; else the string itself; for an object, its
     * {@code message}, {@code input}, {@code text}, {@code query}, {@code prompt} or {@code question} field, or the
     * content of the last entry of {@code messages}; for an array, the content of its last message. Otherwise the
     * JSON text.
     */
    public String text() {
        return parts.isEmpty() ? Texts.of(value) : textOf(parts);
    }

    /** The file parts. */
    public List<Part.File> files() {
        return parts.stream().filter(Part.File.class::isInstance).map(Part.File.class::cast).toList();
    }

    /** The data parts. */
    public List<Part.Data> data() {
        return parts.stream().filter(Part.Data.class::isInstance).map(Part.Data.class::cast).toList();
    }

    private static String textOf(List<Part> parts) {
        if (parts.size() == 1 && parts.getFirst() instanceof Part.Text(String only)) {
            return only; // the usual message: no copy
        }
        StringBuilder text = new StringBuilder();
        for (Part part : parts) {
            if (part instanceof Part.Text(String t)) {
                if (!text.isEmpty()) {
                    text.append('\n');
                }
                text.append(t);
            }
        }
        return text.toString();
    }

    public static final class Builder {
        private JsonNode value;
        private final List<Part> parts = new ArrayList<>();

        private Builder() {
        }

        public Builder value(JsonNode value) {
            this.value = value;
            return this;
        }

        public Builder part(Part part) {
            parts.add(part);
            return this;
        }

        public RunInput build() {
            return value == null ? ofParts(parts) : new RunInput(value, parts);
        }
    }
}
