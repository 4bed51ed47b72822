package dev.agentport.jsonrpc;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.a2a.A2aParams;
import dev.agentport.json.Json;
import dev.agentport.json.JsonBodyReader;

import java.io.IOException;

/**
 * A JSON-RPC 2.0 request object, checked: {@code jsonrpc} is {@code "2.0"}, {@code method} a string, {@code id} a
 * string, a number or null (absent reads as null), {@code params} an object when present.
 *
 * @param id     the id to echo
 * @param method the method name
 * @param params the params, empty when absent
 */
record RpcRequest(JsonNode id, String method, A2aParams params) {

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

    /**
     * Reads the whole body in one pass, with no tree but for free-form values ({@link A2aParams}), then checks it:
     * a body that is not JSON is refused by the parser before any of these checks, as when it was read as a tree.
     */
    static RpcRequest read(JsonParser parser) throws IOException {
        String other = JsonBodyReader.startObjectOrKind(parser);
        if (other != null) {
            throw new Refused(NullNode.getInstance(), RpcError.invalidRequest("Invalid Request: the body must be one "
                    + "JSON-RPC request object, got " + other
                    + (other.equals("an array") ? " (batches are not supported)" : "")));
        }
        JsonNode rawId = null;
        String version = null;
        String method = null;
        JsonToken params = null;
        A2aParams paramsRead = null;
        for (String field = parser.nextFieldName(); field != null; field = parser.nextFieldName()) {
            JsonToken value = parser.nextToken();
            switch (field) {
                case "id" -> rawId = id(parser);
                case "jsonrpc" -> version = Json.stringOrSkip(parser);
                case "method" -> method = Json.stringOrSkip(parser);
                case "params" -> {
                    params = value;
                    if (value == JsonToken.START_OBJECT) {
                        paramsRead = A2aParams.read(parser);
                    } else {
                        Json.skip(parser);
                    }
                }
                default -> Json.skip(parser);
            }
        }
        Json.requireEnd(parser);
        boolean validId = rawId == null || rawId.isNull() || rawId.isTextual() || rawId.isNumber();
        JsonNode id = rawId == null || !validId ? NullNode.getInstance() : rawId;
        if (!validId) {
            throw new Refused(id, RpcError.invalidRequest("Invalid Request: id must be a string, a number or null"));
        }
        if (version == null || !version.equals("2.0")) {
            throw new Refused(id, RpcError.invalidRequest("Invalid Request: jsonrpc must be \"2.0\""));
        }
        if (method == null || method.isEmpty()) {
            throw new Refused(id, RpcError.invalidRequest("Invalid Request: method must be a non-empty string"));
        }
        if (params != null && params != JsonToken.VALUE_NULL && params != JsonToken.START_OBJECT) {
            throw new Refused(id, RpcError.invalidParams("params must be an object"));
        }
        return new RpcRequest(id, method, paramsRead == null ? A2aParams.empty() : paramsRead);
    }

    /** The id as the tree holds it: a string or an int made here, anything else read as a tree. */
    private static JsonNode id(JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_STRING) {
            return TextNode.valueOf(parser.getText());
        }
        if (token == JsonToken.VALUE_NUMBER_INT && parser.getNumberType() == JsonParser.NumberType.INT) {
            return IntNode.valueOf(parser.getIntValue());
        }
        return Json.tree(parser);
    }
}

