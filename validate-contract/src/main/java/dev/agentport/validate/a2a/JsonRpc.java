package dev.agentport.validate.a2a;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.Shape;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

/**
 * JSON-RPC 2.0 calls to an interface of the card, in its version (1.0 sends {@code A2A-Version: 1.0}; 0.3 sends no
 * version, as 0.3 clients do), and the checks of what comes back.
 */
final class JsonRpc {

    static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private JsonRpc() {
    }

    /** A call with the request id {@code "1"}. */
    static Request.Builder call(Endpoint endpoint, String method, JsonNode params) {
        ObjectNode envelope = JSON.objectNode().put("jsonrpc", "2.0").put("id", "1").put("method", method);
        envelope.set("params", params);
        return raw(endpoint, envelope.toString());
    }

    /** Any body to the interface, with its version header. */
    static Request.Builder raw(Endpoint endpoint, String body) {
        Request.Builder request = Request.post(endpoint.path()).authorized();
        if (endpoint.version() == Version.V1_0) {
            request.header("A2A-Version", endpoint.version().number);
        }
        return request.json(body);
    }

    /** A text message from the user, in the version's shape; {@code taskId} and {@code contextId} may be null. */
    static ObjectNode message(Version version, String messageId, String taskId, String contextId, String text) {
        ObjectNode message = JSON.objectNode();
        if (version == Version.V0_3) {
            message.put("kind", "message");
        }
        message.put("messageId", messageId).put("role", version.userRole);
        if (taskId != null) {
            message.put("taskId", taskId);
        }
        if (contextId != null) {
            message.put("contextId", contextId);
        }
        ObjectNode part = message.putArray("parts").addObject();
        if (version == Version.V0_3) {
            part.put("kind", "text");
        }
        part.put("text", text);
        return message;
    }

    static ObjectNode sendParams(ObjectNode message) {
        ObjectNode params = JSON.objectNode();
        params.set("message", message);
        return params;
    }

    static ObjectNode idParams(String id) {
        return JSON.objectNode().put("id", id);
    }

    /** The response's {@code result}; fails on an error, a wrong envelope, or a body that is not JSON. */
    static JsonNode result(Answer answer) {
        JsonNode response = response(answer);
        if (response.has("error")) {
            throw new RuleFailed(answer.request() + " answered the JSON-RPC error " + response.get("error"));
        }
        Expect.status(answer, 200);
        return Expect.at(response, "/result", "the response to " + answer.request());
    }

    /** The response's error, which must have the code. */
    static JsonNode error(Answer answer, int code) {
        JsonNode response = response(answer);
        JsonNode error = response.get("error");
        if (error == null || !error.isObject()) {
            throw new RuleFailed(answer.request() + " answered no JSON-RPC error where " + code + " was expected: "
                    + answer.excerpt());
        }
        String where = "the error " + answer.request() + " answered";
        long actual = Shape.integer(error, "code", Integer.MIN_VALUE, Integer.MAX_VALUE, where);
        Expect.equal((long) code, actual, where + "'s code");
        Shape.string(error, "message", where);
        return error;
    }

    /** A JSON-RPC 2.0 response as {@code application/json}: {@code jsonrpc}, {@code id}, result or error. */
    static JsonNode response(Answer answer) {
        Expect.mediaType(answer, "application/json");
        JsonNode response = Shape.object(answer.json(), "the body " + answer.request() + " answered");
        envelope(response, "the response to " + answer.request());
        return response;
    }

    static void envelope(JsonNode response, String where) {
        Expect.equal("2.0", response.path("jsonrpc").asText(null), where + "'s jsonrpc");
        Expect.that(response.has("id"), where + " has no id: " + response);
        Expect.that(response.has("result") != response.has("error"), where
                + " must have exactly one of result and error: " + response);
    }
}
