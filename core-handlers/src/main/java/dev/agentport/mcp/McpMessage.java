package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;

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

    /** Reads a message, refusing anything that is not one JSON-RPC 2.0 request, notification or response. */
    static McpMessage read(JsonNode body) {
        if (body.isArray()) {
            throw McpError.ofRequest(400, McpError.INVALID_REQUEST, "batches are not supported; send one message");
        }
        if (!body.isObject() || !"2.0".equals(body.path("jsonrpc").asText(null))) {
            throw McpError.ofRequest(400, McpError.INVALID_REQUEST, "the body must be a JSON-RPC 2.0 message");
        }
        JsonNode id = body.get("id");
        if (id != null && !(id.isTextual() || id.isIntegralNumber())) {
            throw McpError.ofRequest(400, McpError.INVALID_REQUEST, "id must be a string or an integer");
        }
        JsonNode method = body.get("method");
        if (method == null) {
            if (id == null || !(body.has("result") || body.has("error"))) {
                throw McpError.ofRequest(400, McpError.INVALID_REQUEST, "a message needs a method");
            }
            return new McpMessage(id, null, Json.object());
        }
        if (!method.isTextual() || method.asText().isEmpty()) {
            throw McpError.ofRequest(400, McpError.INVALID_REQUEST, "method must be a non-empty string");
        }
        JsonNode params = body.get("params");
        if (params != null && !params.isObject() && !params.isNull()) {
            throw new McpError(McpError.INVALID_PARAMS, "params must be an object", null, 200);
        }
        return new McpMessage(id, method.asText(), params instanceof ObjectNode object ? object : Json.object());
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
