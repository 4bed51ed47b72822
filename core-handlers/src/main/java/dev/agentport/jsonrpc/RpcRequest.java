package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;
import dev.agentport.json.JsonBodyReader;

/**
 * A JSON-RPC 2.0 request object, checked: {@code jsonrpc} is {@code "2.0"}, {@code method} a string, {@code id} a
 * string, a number or null (absent reads as null), {@code params} an object when present.
 *
 * @param id     the id to echo
 * @param method the method name
 * @param params the params, an empty object when absent
 */
record RpcRequest(JsonNode id, String method, ObjectNode params) {

    /** A request refused before its method ran, with the id to answer with ({@code null} when unreadable). */
    static final class Refused extends RuntimeException {
        private final JsonNode id;
        private final RpcError error;

        Refused(JsonNode id, RpcError error) {
            super(error.message(), null, false, false);
            this.id = id;
            this.error = error;
        }

        JsonNode id() {
            return id;
        }

        RpcError error() {
            return error;
        }
    }

    static RpcRequest read(JsonNode body) {
        if (!body.isObject()) {
            throw new Refused(NullNode.getInstance(), RpcError.invalidRequest("Invalid Request: the body must be one "
                    + "JSON-RPC request object, got " + JsonBodyReader.kind(body)
                    + (body.isArray() ? " (batches are not supported)" : "")));
        }
        JsonNode rawId = body.get("id");
        boolean validId = rawId == null || rawId.isNull() || rawId.isTextual() || rawId.isNumber();
        JsonNode id = rawId == null || !validId ? NullNode.getInstance() : rawId;
        if (!validId) {
            throw new Refused(id, RpcError.invalidRequest("Invalid Request: id must be a string, a number or null"));
        }
        JsonNode version = body.get("jsonrpc");
        if (version == null || !version.isTextual() || !version.asText().equals("2.0")) {
            throw new Refused(id, RpcError.invalidRequest("Invalid Request: jsonrpc must be \"2.0\""));
        }
        JsonNode method = body.get("method");
        if (method == null || !method.isTextual() || method.asText().isEmpty()) {
            throw new Refused(id, RpcError.invalidRequest("Invalid Request: method must be a non-empty string"));
        }
        JsonNode params = body.get("params");
        if (params != null && !params.isNull() && !params.isObject()) {
            throw new Refused(id, RpcError.invalidParams("params must be an object"));
        }
        return new RpcRequest(id, method.asText(),
                params == null || params.isNull() ? Json.object() : (ObjectNode) params);
    }
}
