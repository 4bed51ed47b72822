package dev.agentport.agentbreeder;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.json.Json;
import dev.agentport.json.JsonBodyReader;

import java.io.IOException;

/**
 * The body of {@code POST /invoke} and {@code POST /stream}, validated.
 *
 * @param input     string, object or array
 * @param sessionId from the body, or {@code null}
 * @param config    object or {@code null}
 * @param metadata  object or {@code null}
 */
record InvokeBody(JsonNode input, String sessionId, ObjectNode config, ObjectNode metadata) {

    static final int MAX_SESSION_ID_LENGTH = 256;

    static InvokeBody from(ObjectNode body) {
        return checked(body.get("input"), body.get("session_id"), body.get("config"), body.get("metadata"));
    }

    /**
     * Reads the whole body in one pass, with a tree only for the free-form values ({@code input} unless a string,
     * {@code config}, {@code metadata}), then checks it as {@link #from} checks the tree: a body that is not JSON is
     * refused by the parser before any of these checks, as when it was read as a tree.
     */
    static InvokeBody read(JsonParser parser) throws IOException {
        JsonBodyReader.startObject(parser);
        JsonNode input = null;
        JsonNode sessionId = null;
        JsonNode config = null;
        JsonNode metadata = null;
        for (String field = parser.nextFieldName(); field != null; field = parser.nextFieldName()) {
            JsonToken value = parser.nextToken();
            switch (field) {
                case "input" -> input = value == JsonToken.VALUE_STRING
                        ? TextNode.valueOf(parser.getText()) : Json.tree(parser);
                case "session_id" -> sessionId = value == JsonToken.VALUE_STRING
                        ? TextNode.valueOf(parser.getText()) : Json.tree(parser);
                case "config" -> config = Json.tree(parser);
                case "metadata" -> metadata = Json.tree(parser);
                default -> Json.skip(parser);
            }
        }
        Json.requireEnd(parser);
        return checked(input, sessionId, config, metadata);
    }

    private static InvokeBody checked(JsonNode input, JsonNode sessionId, JsonNode config, JsonNode metadata) {
        if (input == null) {
            throw new ContractError(ErrorCode.INVALID_INPUT, "`input` is required");
        }
        if (!(input.isTextual() || input.isObject() || input.isArray())) {
            throw new ContractError(ErrorCode.VALIDATION_FAILED,
                    "`input` must be a string, an object or an array, got " + JsonBodies.kind(input));
        }
        return new InvokeBody(input, sessionId(sessionId, "session_id"),
                optionalObject(config, "config"), optionalObject(metadata, "metadata"));
    }

    static String sessionId(JsonNode value, String field) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new ContractError(ErrorCode.VALIDATION_FAILED,
                    "`" + field + "` must be a string, got " + JsonBodies.kind(value));
        }
        return checkedSessionId(value.asText(), "`" + field + "`");
    }

    /**
     * Session ids are 1 to 256 visible ASCII characters ({@code !} to {@code ~}); {@code ""} counts as absent. ASCII
     * only, because the id travels in the {@code X-Session-Id} header too, which every platform must carry unchanged.
     */
    static String checkedSessionId(String id, String where) {
        if (id.isEmpty()) {
            return null;
        }
        if (id.length() > MAX_SESSION_ID_LENGTH) {
            throw new ContractError(ErrorCode.VALIDATION_FAILED,
                    where + " must be at most " + MAX_SESSION_ID_LENGTH + " characters");
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (c <= 0x20 || c >= 0x7f) {
                throw new ContractError(ErrorCode.VALIDATION_FAILED,
                        where + " must be visible ASCII characters only (no spaces, no control characters)");
            }
        }
        return id;
    }

    private static ObjectNode optionalObject(JsonNode value, String field) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isObject()) {
            throw new ContractError(ErrorCode.VALIDATION_FAILED,
                    "`" + field + "` must be an object, got " + JsonBodies.kind(value));
        }
        return (ObjectNode) value;
    }
}
