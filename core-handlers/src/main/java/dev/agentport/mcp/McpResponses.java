package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.Body;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.json.Json;

/** The HTTP answers of the MCP endpoint. */
final class McpResponses {

    static final String JSON = "application/json";
    static final String SESSION_HEADER = "Mcp-Session-Id";

    private McpResponses() {
    }

    static HttpResponse json(int status, ObjectNode message) {
        return HttpResponse.builder(status).contentType(JSON).body(Json.bytes(message)).build();
    }

    /** 200 with the JSON-RPC result {@code result} to the request {@code id}. */
    static HttpResponse result(JsonNode id, ObjectNode result) {
        return HttpResponse.builder(200).contentType(JSON)
                .body(Json.written(json -> JsonRpc.writeResult(json, id, result))).build();
    }

    static HttpResponse error(McpError error, JsonNode id) {
        return json(error.httpStatus(), JsonRpc.error(id, error));
    }

    /**
     * The answer to a request the client cancelled while it ran: an event stream with no event, since a cancelled
     * request gets no response.
     */
    static HttpResponse cancelled() {
        return HttpResponse.builder(200).contentType(ServerSentEvents.CONTENT_TYPE).body(Body.EMPTY).build();
    }

    /** A notification or a response taken: 202 with no body. */
    static HttpResponse accepted() {
        return HttpResponse.builder(202).build();
    }
}
