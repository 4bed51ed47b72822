package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.AionDaemon;
import dev.agentport.a2a.Fields;
import dev.agentport.a2a.InvalidField;
import dev.agentport.a2a.SendRequest;
import dev.agentport.agent.Part;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.BrokenBodies;
import dev.agentport.json.BodyProblem;
import dev.agentport.json.Json;
import dev.agentport.json.JsonBodyReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The JSON-RPC envelope and the send's params are read in one pass from a parser, with no tree but for free-form
 * values. Rule: whatever the body, they read to what the whole tree read to before (the tree's path is kept here as
 * the reference: {@link JsonBodyReader#read(HttpRequest)}, then the envelope's checks on the tree, then
 * {@link SendRequest#read(ObjectNode, List, boolean)}, which the HTTP+JSON binding still uses): the same refusal with
 * the same message, or the same id, method, params and send.
 */
class RpcRequestReadingTest {

    private static final String SEND_1_0 = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendMessage\",\"params\":"
            + "{\"message\":{\"messageId\":\"m1\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"hello\"}]}}}";
    private static final String SEND_0_3 = "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"message/send\",\"params\":"
            + "{\"message\":{\"kind\":\"message\",\"messageId\":\"m1\",\"role\":\"user\",\"taskId\":\"t\","
            + "\"contextId\":\"\",\"parts\":[{\"kind\":\"text\",\"text\":\"a \\\"b\\\" \\u00e9\"},{\"kind\":\"file\","
            + "\"file\":{\"name\":\"n\",\"mimeType\":\"text/plain\",\"bytes\":\"aGk=\"}},{\"data\":{\"x\":[1,2.5]}}],"
            + "\"metadata\":{\"k\":null}},\"configuration\":{\"blocking\":false,\"historyLength\":2,"
            + "\"acceptedOutputModes\":[\"text/plain\"]},\"metadata\":{\"" + AionDaemon.URI + "\":{}}}}";

    private final JsonBodyReader bodies = new JsonBodyReader(1 << 20, true, true);

    @ParameterizedTest
    @ValueSource(strings = {
            SEND_1_0,
            SEND_0_3,
            "{\"params\":{\"message\":{\"parts\":[]}},\"method\":\"SendMessage\",\"id\":null,\"jsonrpc\":\"2.0\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"m\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":-0,\"method\":\"m\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1e5,\"method\":\"m\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":12345678901,\"method\":\"m\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":123456789012345678901234567890,\"method\":\"m\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"m\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"m\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":[1],\"method\":\"m\"}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"m\"}",
            "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"m\"}",
            "{\"jsonrpc\":2.0,\"id\":1,\"method\":\"m\"}",
            "{\"jsonrpc\":null,\"id\":1,\"method\":\"m\"}",
            "{\"id\":1,\"method\":\"m\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":5}",
            "{\"jsonrpc\":\"2.0\",\"id\":1}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":null}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":[]}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":\"x\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":5}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"message\":null}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"message\":[]}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"message\":{}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"message\":{\"messageId\":\"\"}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"message\":{\"messageId\":5,\"role\":\"r\"}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"message\":{\"messageId\":\"m\",\"role\":{}}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"message\":{\"messageId\":\"m\",\"role\":\"r\"}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"message\":{\"messageId\":\"m\",\"role\":\"r\","
                    + "\"parts\":{}}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"message\":{\"messageId\":\"m\",\"role\":\"r\","
                    + "\"parts\":[1,\"x\",null,[],{},{\"text\":5},{\"kind\":\"data\",\"text\":\"t\",\"data\":null},"
                    + "{\"kind\":5,\"text\":\"t\"},{\"kind\":null,\"text\":\"t\"},{\"kind\":{},\"text\":\"t\"},"
                    + "{\"kind\":[1],\"text\":\"t\"},{\"kind\":true,\"text\":\"t\"},{\"kind\":\"text\",\"text\":\"t\"},"
                    + "{\"file\":\"x\",\"raw\":null},{\"file\":{\"uri\":\"u\",\"bytes\":\"!!\",\"x\":[{}]}},"
                    + "{\"raw\":\"aGk=\",\"filename\":\"f\",\"mediaType\":\"m\"},{\"url\":5},{\"url\":\"u\",\"raw\":\"%\"},"
                    + "{\"data\":5},{\"data\":{\"a\":{\"b\":[true,false,null,1e400,-1.0E-5,99999999999999999999]}}},"
                    + "{\"text\":\"t\",\"file\":{\"uri\":\"u\"}}],\"taskId\":7,\"contextId\":\"c\","
                    + "\"metadata\":[1]},\"configuration\":null,\"metadata\":null}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"message\":{\"messageId\":\"m\",\"role\":\"r\","
                    + "\"parts\":[]},\"configuration\":[]}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"message\":{\"messageId\":\"m\",\"role\":\"r\","
                    + "\"parts\":[]},\"configuration\":{\"historyLength\":5.0,\"returnImmediately\":true}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"message\":{\"messageId\":\"m\",\"role\":\"r\","
                    + "\"parts\":[]},\"configuration\":{\"historyLength\":1e2,\"blocking\":\"no\"}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"message\":{\"messageId\":\"m\",\"role\":\"r\","
                    + "\"parts\":[]},\"configuration\":{\"historyLength\":-1}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"message\":{\"messageId\":\"m\",\"role\":\"r\","
                    + "\"parts\":[]},\"configuration\":{\"historyLength\":2147483648,\"returnImmediately\":1}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"message\":{\"messageId\":\"m\",\"role\":\"r\","
                    + "\"parts\":[]},\"metadata\":\"x\"}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"message\":{\"messageId\":\"m\",\"role\":\"r\","
                    + "\"parts\":[]},\"metadata\":{\"" + AionDaemon.URI + "\":5}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"GetTask\",\"params\":{\"id\":\"t\",\"historyLength\":3,"
                    + "\"x\":{\"y\":[1,{\"z\":\"w\"}]}}}",
            "[]",
            "[{\"jsonrpc\":\"2.0\"}]",
            "5",
            "\"s\"",
            "null",
            "true",
            "\ufeff ",
            "{}",
            "{} {}",
            "{}x",
            "{} 5",
            "[] []",
            "5 5",
            "null null",
            "{\"jsonrpc\":\"2.0\"",
            "{\"jsonrpc\":\"2.0\",\"jsonrpc\":\"2.0\"}",
            "{\"jsonrpc\":\"2.0\",\"x\":{\"a\":1,\"a\":2}}",
            "{\"jsonrpc\":\"2.0\",\"params\":{\"message\":{\"parts\":[{\"text\":\"a\",\"text\":\"b\"}]}}}",
            "{\"jsonrpc\":\"2.0\",\"params\":{\"message\":{\"metadata\":{\"a\":1,\"a\":1}}}}",
            "{\"jsonrpc\":\"2.0\",\"x\":\"\\q\"}",
            "{\"jsonrpc\":\"2.0\",\"x\":\"a\tb\"}",
            "{\"jsonrpc\":\"2.0\",\"params\":{\"message\":{\"kind\":\"a\u0001b\"}}}",
            "{\"jsonrpc\":\"2.0\",\"x\":01}",
            "{\"jsonrpc\":\"2.0\",\"x\":NaN}",
            "{\"jsonrpc\":\"2.0\",\"x\":'a'}",
            "{\"jsonrpc\":\"2.0\" /* c */}",
            "{jsonrpc:\"2.0\"}",
            "{\"jsonrpc\":\"2.0\",}",
            "{\"jsonrpc\":\"2.0\",\"x\":[1,]}",
            "{\"jsonrpc\":\"2.0\",\"x\":[1 2]}",
    })
    void aBodyReadsInOnePassAsItsTreeDid(String body) {
        assertSameReading(body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void beyondTheParserLimitsTheOnePassReadingRefusesAsTheTreeDid() {
        for (String place : List.of("\"x\":%s", "\"id\":%s", "\"params\":{\"x\":%s}", "\"params\":{\"message\":%s}",
                "\"params\":{\"message\":{\"x\":%s}}", "\"params\":{\"message\":{\"parts\":[%s]}}",
                "\"params\":{\"message\":{\"parts\":[{\"data\":%s}]}}",
                "\"params\":{\"message\":{\"parts\":[{\"kind\":%s,\"text\":\"t\"}]}}")) {
            for (String value : BrokenBodies.beyondTheParserLimits()) {
                assertSameReading(("{\"jsonrpc\":\"2.0\"," + place.formatted(value) + ",\"method\":\"m\"}")
                        .getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    @Test
    void invalidUtf8AnywhereReadsAsItsTreeDid() {
        BrokenBodies.withInvalidUtf8Anywhere(SEND_0_3, this::assertSameReading);
    }

    @Test
    void everyCutAndMutationOfASendReadsAsItsTreeDid() {
        BrokenBodies.cutsAndMutations(this::assertSameReading, SEND_1_0, SEND_0_3);
    }

    private void assertSameReading(byte[] body) {
        HttpRequest request = HttpRequest.builder("POST", "/a2a").header("Content-Type", "application/json")
                .body(body).build();
        for (boolean legacy : new boolean[] {false, true}) {
            for (List<String> activated : List.of(List.<String>of(), List.of(AionDaemon.URI))) {
                assertEquals(byTree(request, activated, legacy), inOnePass(request, activated, legacy),
                        () -> new String(body, StandardCharsets.UTF_8));
            }
        }
    }

    /** The reading before: the whole body as a tree, then the envelope's checks and the send's, on it. */
    private String byTree(HttpRequest request, List<String> activated, boolean legacy) {
        JsonNode body;
        try {
            body = bodies.read(request);
        } catch (BodyProblem problem) {
            return "body problem " + problem.kind() + ": " + problem.getMessage();
        }
        if (!body.isObject()) {
            return refused(null, "Invalid Request: the body must be one JSON-RPC request object, got "
                    + JsonBodyReader.kind(body) + (body.isArray() ? " (batches are not supported)" : ""));
        }
        JsonNode rawId = body.get("id");
        boolean validId = rawId == null || rawId.isNull() || rawId.isTextual() || rawId.isNumber();
        JsonNode id = rawId == null || !validId ? null : rawId;
        if (!validId) {
            return refused(id, "Invalid Request: id must be a string, a number or null");
        }
        JsonNode version = body.get("jsonrpc");
        if (version == null || !version.isTextual() || !version.asText().equals("2.0")) {
            return refused(id, "Invalid Request: jsonrpc must be \"2.0\"");
        }
        JsonNode method = body.get("method");
        if (method == null || !method.isTextual() || method.asText().isEmpty()) {
            return refused(id, "Invalid Request: method must be a non-empty string");
        }
        JsonNode params = body.get("params");
        if (params != null && !params.isNull() && !params.isObject()) {
            return refused(id, "Invalid params: params must be an object");
        }
        ObjectNode object = params == null || params.isNull() ? Json.object() : (ObjectNode) params;
        ObjectNode others = object.deepCopy();
        if (others.path("message").isObject()) {
            others.remove("message");
        }
        String send;
        try {
            send = describe(SendRequest.read(object, activated, legacy));
        } catch (InvalidField invalid) {
            send = "invalid field: " + invalid.getMessage();
        }
        return read(id, method.asText(), others, send);
    }

    private String inOnePass(HttpRequest request, List<String> activated, boolean legacy) {
        RpcRequest rpc;
        try {
            rpc = bodies.read(request, RpcRequest::read);
        } catch (BodyProblem problem) {
            return "body problem " + problem.kind() + ": " + problem.getMessage();
        } catch (RpcRequest.Refused refused) {
            return refused(refused.id(), refused.error().message());
        }
        String send;
        try {
            send = describe(SendRequest.read(rpc.params(), activated, legacy));
        } catch (InvalidField invalid) {
            send = "invalid field: " + invalid.getMessage();
        }
        return read(rpc.id(), rpc.method(), rpc.params().members(), send);
    }

    private static String refused(JsonNode id, String message) {
        return "refused, id " + id(id) + ": " + message;
    }

    private static String read(JsonNode id, String method, ObjectNode others, String send) {
        return "read, id " + id(id) + ", method " + method + ", other params " + Json.write(others) + ", send "
                + send;
    }

    /** The id as it is echoed: its node's type and bytes (an absent id and null are both echoed as null). */
    private static String id(JsonNode id) {
        return id == null || id.isNull() ? "null" : id.getClass().getSimpleName() + " " + new String(RpcResponses.result(id,
                "0".getBytes(StandardCharsets.US_ASCII)), StandardCharsets.UTF_8);
    }

    private static String describe(SendRequest send) {
        StringBuilder text = new StringBuilder();
        text.append("message ").append(send.message().messageId()).append(' ').append(send.message().taskId())
                .append(' ').append(send.message().contextId()).append(" metadata ")
                .append(send.message().metadata() == null ? null : Json.write(send.message().metadata()));
        for (Part part : send.message().parts()) {
            text.append(" part ").append(switch (part) {
                case Part.Text t -> "text " + t.text();
                case Part.Data d -> "data " + d.data().getClass().getSimpleName() + Json.write(d.data());
                case Part.File f -> "file " + f.name() + ' ' + f.mimeType() + ' '
                        + (f.bytes() == null ? null : Base64.getEncoder().encodeToString(f.bytes())) + ' ' + f.uri();
            });
        }
        text.append(" historyLength ").append(send.historyLength()).append(" returnImmediately ")
                .append(send.returnImmediately()).append(" extensions ").append(send.extensions().keySet());
        send.extensions().values().forEach(value -> text.append(' ').append(Json.write(value)));
        return text.toString();
    }
}
