package dev.agentport.a2a;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Part;
import dev.agentport.json.Json;

import java.io.IOException;
import java.util.List;

/**
 * A message object as read, before anything is checked: what {@link SendRequest} requires of it and what
 * {@link IncomingMessage} keeps. Read from a tree, or in one pass from a parser, to the same fields.
 *
 * @param messageId its {@code messageId} when a non-empty string, else {@code null}
 * @param role      its {@code role} when a non-empty string, else {@code null}
 * @param taskId    its {@code taskId} when a non-empty string, else {@code null}
 * @param contextId its {@code contextId} when a non-empty string, else {@code null}
 * @param parts     its readable parts ({@link Parts#read}), or {@code null} when {@code parts} is not an array
 * @param metadata  its {@code metadata} when an object, else {@code null}
 */
public record MessageFields(String messageId, String role, String taskId, String contextId, List<Part> parts,
                            ObjectNode metadata) {

    public static MessageFields of(ObjectNode message) {
        JsonNode parts = message.get("parts");
        JsonNode metadata = message.get("metadata");
        return new MessageFields(id(message, "messageId"), id(message, "role"), id(message, "taskId"),
                id(message, "contextId"), parts != null && parts.isArray() ? Parts.read(parts) : null,
                metadata != null && metadata.isObject() ? (ObjectNode) metadata : null);
    }

    /** Reads the object at the parser's current token ({@code START_OBJECT}) to its end. */
    public static MessageFields read(JsonParser parser) throws IOException {
        String messageId = null;
        String role = null;
        String taskId = null;
        String contextId = null;
        List<Part> parts = null;
        ObjectNode metadata = null;
        for (String field = parser.nextFieldName(); field != null; field = parser.nextFieldName()) {
            JsonToken value = parser.nextToken();
            switch (field) {
                case "messageId" -> messageId = id(parser);
                case "role" -> role = id(parser);
                case "taskId" -> taskId = id(parser);
                case "contextId" -> contextId = id(parser);
                case "parts" -> parts = value == JsonToken.START_ARRAY ? Parts.read(parser) : Json.skipped(parser);
                case "metadata" -> metadata = value == JsonToken.START_OBJECT ? (ObjectNode) Json.tree(parser)
                        : Json.skipped(parser);
                default -> Json.skip(parser);
            }
        }
        return new MessageFields(messageId, role, taskId, contextId, parts, metadata);
    }

    /** What a send requires of its message, in this order. */
    void check() {
        if (messageId == null) {
            throw new InvalidField("messageId must be a non-empty string");
        }
        if (role == null) {
            throw new InvalidField("role must be a non-empty string");
        }
        if (parts == null) {
            throw new InvalidField("message.parts must be an array");
        }
    }

    IncomingMessage incoming() {
        return new IncomingMessage(messageId, taskId, contextId, parts == null ? List.of() : parts, metadata);
    }

    private static String id(JsonNode message, String field) {
        JsonNode value = message.get(field);
        return value != null && value.isTextual() && !value.asText().isEmpty() ? value.asText() : null;
    }

    /** A string that is not empty, else {@code null} (the value passed over). */
    private static String id(JsonParser parser) throws IOException {
        String text = Json.stringOrSkip(parser);
        return text == null || text.isEmpty() ? null : text;
    }
}
