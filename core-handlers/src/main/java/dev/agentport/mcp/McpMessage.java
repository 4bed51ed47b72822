package dev.agentport.mcp;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;
import dev.agentport.json.JsonBodyReader;

import java.io.IOException;

/**
 * One JSON-RPC message a client posted.
 *
 * @param id     the request id, or {@code null} for a notification or a response
 * @param method the method, or {@code null} for a response
 * @param params the params object (empty when absent)
 */
record McpMessage(JsonNode id, String method, ObjectNode params) {

    static final String META = "_meta";
    static final String META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
    static final String META_CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";

    /**
     * Reads a message in one pass from a parser of the whole body, with no tree but for {@code params} and the rare
     * values the checks below must read as a tree read them, then refuses anything that is not one JSON-RPC 2.0
     * request, notification or response. A body that is not JSON is refused by the parser before any of these checks,
     * as when the body was read as a tree; a response's members are not kept (see {@link #isResponse}).
     */
    static McpMessage read(JsonParser parser) throws IOException {
        String other = JsonBodyReader.startObjectOrKind(parser);
        if (other != null) {
            throw other.equals("an array")
                    ? McpError.ofRequest(400, McpError.INVALID_REQUEST, "batches are not supported; send one message")
                    : notAMessage();
        }
        boolean version2 = false;
        JsonNode id = null;
        boolean hasMethod = false;
        String method = null;
        boolean hasParams = false;
        ObjectNode params = null;
        boolean paramsNull = false;
        boolean hasOutcome = false;
        for (String field = parser.nextFieldName(); field != null; field = parser.nextFieldName()) {
            JsonToken value = parser.nextToken();
            switch (field) {
                case "jsonrpc" -> version2 = value == JsonToken.VALUE_STRING ? isText(parser, "2.0")
                        : "2.0".equals(Json.tree(parser).asText(null));
                case "id" -> id = Json.treeOf(parser);
                case "method" -> {
                    hasMethod = true;
                    method = Json.stringOrSkip(parser);
                }
                case "params" -> {
                    hasParams = true;
                    paramsNull = value == JsonToken.VALUE_NULL;
                    if (value == JsonToken.START_OBJECT) {
                        params = (ObjectNode) Json.treeOf(parser);
                    } else {
                        Json.skip(parser);
                    }
                }
                case "result", "error" -> {
                    hasOutcome = true;
                    Json.skip(parser);
                }
                default -> Json.skip(parser);
            }
        }
        Json.requireEnd(parser);
        if (!version2) {
            throw notAMessage();
        }
        if (id != null && !(id.isTextual() || id.isIntegralNumber())) {
            throw McpError.ofRequest(400, McpError.INVALID_REQUEST, "id must be a string or an integer");
        }
        if (!hasMethod) {
            if (id == null || !hasOutcome) {
                throw McpError.ofRequest(400, McpError.INVALID_REQUEST, "a message needs a method");
            }
            return new McpMessage(id, null, Json.object());
        }
        if (method == null || method.isEmpty()) {
            throw McpError.ofRequest(400, McpError.INVALID_REQUEST, "method must be a non-empty string");
        }
        if (hasParams && params == null && !paramsNull) {
            throw new McpError(McpError.INVALID_PARAMS, "params must be an object", null, 200);
        }
        return new McpMessage(id, method, params != null ? params : Json.object());
    }

    private static McpError notAMessage() {
        return McpError.ofRequest(400, McpError.INVALID_REQUEST, "the body must be a JSON-RPC 2.0 message");
    }

    /** Whether the string at {@code parser}'s current token is {@code text}, read as {@code getText} reads it. */
    private static boolean isText(JsonParser parser, String text) throws IOException {
        char[] chars = parser.getTextCharacters();
        int offset = parser.getTextOffset();
        if (parser.getTextLength() != text.length()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            if (chars[offset + i] != text.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** A client's response to a request of ours: its body is read again, whole, for the tool waiting for it. */
    boolean isResponse() {
        return method == null;
    }

    boolean isRequest() {
        return method != null && id != null;
    }

    boolean isNotification() {
        return method != null && id == null;
    }

    /** The {@code _meta} object of the params, or a missing node (no field) when there is none. */
    JsonNode meta() {
        JsonNode meta = params.get(META);
        return meta != null && meta.isObject() ? meta : MissingNode.getInstance();
    }

    /** The progress token of the request, or {@code null}. */
    JsonNode progressToken() {
        JsonNode token = meta().get("progressToken");
        return token != null && (token.isTextual() || token.isNumber()) ? token : null;
    }

    /** The protocol version named in {@code _meta} (2026-07-28 and later), or {@code null}. */
    String metaVersion() {
        JsonNode version = meta().get(META_PROTOCOL_VERSION);
        return version == null ? null : version.asText();
    }

    boolean namesMetaVersion() {
        return meta().has(META_PROTOCOL_VERSION);
    }
}
