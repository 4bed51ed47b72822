package dev.agentport.validate.a2a;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.Shape;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

/**
 * The JSON-RPC error codes, checked on the card's preferred JSON-RPC interface (1.0 when declared, else 0.3): the
 * standard codes of a request that is not one, and 1.0's answer to a version it does not support.
 */
final class ErrorChecks {

    private ErrorChecks() {
    }

    static void unparsableJsonIs32700(Probe probe) {
        Answer answer = probe.send(JsonRpc.raw(A2aCard.of(probe).jsonRpc(), "{\"jsonrpc\":\"2.0\","));
        JsonRpc.error(answer, -32700);
        nullId(answer);
    }

    static void notAnObjectIs32600(Probe probe) {
        Answer answer = probe.send(JsonRpc.raw(A2aCard.of(probe).jsonRpc(), "5"));
        JsonRpc.error(answer, -32600);
        nullId(answer);
    }

    static void wrongJsonRpcVersionIs32600(Probe probe) {
        Endpoint endpoint = A2aCard.of(probe).jsonRpc();
        JsonRpc.error(probe.send(JsonRpc.raw(endpoint, "{\"jsonrpc\":\"1.0\",\"id\":7,\"method\":\""
                + endpoint.version().get + "\",\"params\":{\"id\":\"x\"}}")), -32600);
    }

    static void unknownMethodIs32601(Probe probe) {
        Answer answer = probe.send(JsonRpc.call(A2aCard.of(probe).jsonRpc(), "tasks/explode",
                JsonRpc.JSON.objectNode()));
        JsonRpc.error(answer, -32601);
        Expect.equal("1", answer.json().path("id").asText(null), "the id of the error " + answer.request()
                + " answered");
    }

    static void sendWithoutAMessageIs32602(Probe probe) {
        Endpoint endpoint = A2aCard.of(probe).jsonRpc();
        JsonRpc.error(probe.send(JsonRpc.call(endpoint, endpoint.version().send, JsonRpc.JSON.objectNode())), -32602);
    }

    static void unsupportedVersionIs32009(Probe probe) {
        Endpoint endpoint = A2aCard.of(probe).endpoint(A2aCard.JSONRPC, Version.V1_0);
        String body = "{\"jsonrpc\":\"2.0\",\"id\":\"1\",\"method\":\"GetTask\",\"params\":{\"id\":\"x\"}}";
        JsonRpc.error(probe.send(Request.post(endpoint.path()).authorized().header("A2A-Version", "99.0")
                .json(body)), -32009);
    }

    static void v1ErrorDataIsTyped(Probe probe) {
        Endpoint endpoint = A2aCard.of(probe).endpoint(A2aCard.JSONRPC, Version.V1_0);
        Answer answer = probe.send(JsonRpc.call(endpoint, "GetTask", JsonRpc.idParams("a2a-no-such-task-{run}")));
        JsonNode error = JsonRpc.error(answer, -32001);
        if (!error.has("data")) {
            return;
        }
        String where = "the error " + answer.request() + " answered";
        JsonNode data = Shape.array(error, "data", 0, where);
        for (int i = 0; i < data.size(); i++) {
            Shape.string(Shape.object(data.get(i), where + ".data[" + i + "]"), "@type", where + ".data[" + i + "]");
        }
    }

    private static void nullId(Answer answer) {
        JsonNode id = answer.json().get("id");
        Expect.that(id != null && id.isNull(), "the error " + answer.request() + " answered to a request whose id "
                + "could not be read has id " + id + ", expected null");
    }
}
