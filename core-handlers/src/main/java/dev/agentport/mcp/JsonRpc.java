package dev.agentport.mcp;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;

import java.io.IOException;

/** The JSON-RPC 2.0 messages the server sends: results, errors and notifications. */
final class JsonRpc {

    private JsonRpc() {
    }

    static ObjectNode result(JsonNode id, JsonNode result) {
        ObjectNode message = envelope(id);
        message.set("result", result);
        return message;
    }

    /** Writes {@link #result(JsonNode, JsonNode)} field by field: the same bytes, without the envelope's tree. */
    static void writeResult(JsonGenerator json, JsonNode id, JsonNode result) throws IOException {
        json.writeStartObject();
        json.writeStringField("jsonrpc", "2.0");
        json.writeFieldName("id");
        Json.writeNode(json, id == null ? Json.MAPPER.nullNode() : id);
        json.writeFieldName("result");
        Json.writeNode(json, result == null ? Json.MAPPER.nullNode() : result);
        json.writeEndObject();
    }

    static ObjectNode error(JsonNode id, McpError error) {
        ObjectNode message = envelope(id);
        ObjectNode body = message.putObject("error");
        body.put("code", error.code());
        body.put("message", error.getMessage());
        if (error.data() != null) {
            body.set("data", error.data());
        }
        return message;
    }

    static ObjectNode notification(String method, JsonNode params) {
        ObjectNode message = Json.object();
        message.put("jsonrpc", "2.0");
        message.put("method", method);
        message.set("params", params);
        return message;
    }

    private static ObjectNode envelope(JsonNode id) {
        ObjectNode message = Json.object();
        message.put("jsonrpc", "2.0");
        message.set("id", id == null ? Json.MAPPER.nullNode() : id);
        return message;
    }
}
