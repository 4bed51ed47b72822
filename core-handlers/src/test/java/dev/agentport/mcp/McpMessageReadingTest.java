package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.BodyProblem;
import dev.agentport.json.BrokenBodies;
import dev.agentport.json.Json;
import dev.agentport.json.JsonBodyReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The body of {@code POST /mcp} is read in one pass from a parser. Rule: whatever the body, it reads to what the whole
 * tree read to before (kept here as the reference: {@link JsonBodyReader#read}, then the message's checks on the
 * tree): the same refusal with the same code, status and message, or the same id, method and params.
 */
class McpMessageReadingTest {

    private static final String CALL = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":"
            + "\"send_message\",\"arguments\":{\"message\":\"a \\\"b\\\" \\u00e9\",\"n\":[1,2.5,-3e2,true,null]},"
            + "\"_meta\":{\"progressToken\":\"p\",\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}";
    private static final String RESPONSE = "{\"jsonrpc\":\"2.0\",\"id\":\"s-1\",\"result\":{\"action\":\"accept\","
            + "\"content\":{\"x\":[1,{}]}}}";

    private final JsonBodyReader bodies = new JsonBodyReader(1 << 20, false, false);

    @ParameterizedTest
    @ValueSource(strings = {
            CALL,
            RESPONSE,
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"send_message\","
                    + "\"arguments\":{\"message\":\"hello\"}}}",
            "{\"method\":\"notifications/initialized\",\"jsonrpc\":\"2.0\"}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":\"x\",\"params\":null}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":\"x\",\"params\":[]}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":\"x\",\"params\":5}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":\"x\",\"params\":\"p\"}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":\"x\",\"params\":{}}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1.0}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":null}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":true}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":{}}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":[1]}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":-2147483649}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":99999999999999999999999}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":\"\"}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"\",\"id\":1}",
            "{\"jsonrpc\":\"2.0\",\"method\":null,\"id\":1}",
            "{\"jsonrpc\":\"2.0\",\"method\":5,\"id\":1}",
            "{\"jsonrpc\":\"2.0\",\"method\":{},\"id\":1}",
            "{\"jsonrpc\":\"2.0\",\"id\":1}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":1}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":null}",
            "{\"jsonrpc\":\"2.0\",\"result\":{}}",
            "{\"jsonrpc\":\"2.0\",\"id\":null,\"result\":{}}",
            "{\"jsonrpc\":\"2.0\"}",
            "{\"jsonrpc\":2.0,\"method\":\"ping\",\"id\":1}",
            "{\"jsonrpc\":2.00,\"method\":\"ping\",\"id\":1}",
            "{\"jsonrpc\":20e-1,\"method\":\"ping\",\"id\":1}",
            "{\"jsonrpc\":2,\"method\":\"ping\",\"id\":1}",
            "{\"jsonrpc\":\"2\",\"method\":\"ping\",\"id\":1}",
            "{\"jsonrpc\":null,\"method\":\"ping\",\"id\":1}",
            "{\"jsonrpc\":[\"2.0\"],\"method\":\"ping\",\"id\":1}",
            "{\"jsonrpc\":{},\"method\":\"ping\",\"id\":1}",
            "{\"jsonrpc\":true,\"method\":\"ping\",\"id\":1}",
            "{\"method\":\"ping\",\"id\":1}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1,\"x\":[{\"y\":null}],\"z\":\"\"}",
            "{}",
            "[]",
            "[{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1}]",
            "5",
            "\"s\"",
            "null",
            "true",
            "\ufeff ",
            "{} {}",
            "{}x",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1} 5",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1",
            "{\"jsonrpc\":\"2.0\",\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1,\"id\":2}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1,\"params\":{\"a\":1,\"a\":1}}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1,\"x\":\"\\q\"}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1,\"x\":\"a\tb\"}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"pi\u0001ng\",\"id\":1}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":01}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":NaN}",
            "{\"jsonrpc\":\"2.0\",\"method\":'ping',\"id\":1}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1 /* c */}",
            "{jsonrpc:\"2.0\",\"method\":\"ping\",\"id\":1}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1,}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1,\"params\":{\"a\":[1,]}}",
    })
    void aBodyReadsInOnePassAsItsTreeDid(String body) {
        assertSameReading(body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void beyondTheParserLimitsTheOnePassReadingRefusesAsTheTreeDid() {
        for (String place : List.of("\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"x\":%s",
                "\"jsonrpc\":%s,\"method\":\"ping\"", "\"jsonrpc\":\"2.0\",\"method\":%s",
                "\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":%s", "\"jsonrpc\":\"2.0\",\"id\":1,\"result\":%s",
                "\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"params\":%s",
                "\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"params\":{\"a\":[%s]}")) {
            for (String value : BrokenBodies.beyondTheParserLimits()) {
                assertSameReading(("{" + place.formatted(value) + "}").getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    @Test
    void invalidUtf8AnywhereReadsAsItsTreeDid() {
        BrokenBodies.withInvalidUtf8Anywhere(CALL, this::assertSameReading);
        BrokenBodies.withInvalidUtf8Anywhere(RESPONSE, this::assertSameReading);
    }

    @Test
    void everyCutAndMutationOfABodyReadsAsItsTreeDid() {
        BrokenBodies.cutsAndMutations(this::assertSameReading, CALL, RESPONSE);
    }

    private void assertSameReading(byte[] body) {
        HttpRequest request = HttpRequest.builder("POST", "/mcp").header("Content-Type", "application/json")
                .body(body).build();
        assertEquals(byTree(request), inOnePass(request), () -> new String(body, StandardCharsets.UTF_8));
    }

    /** The reading before: the whole body as a tree, then the message's checks on it. */
    private String byTree(HttpRequest request) {
        try {
            JsonNode body = bodies.read(request);
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
                return describe(new McpMessage(id, null, Json.object()));
            }
            if (!method.isTextual() || method.asText().isEmpty()) {
                throw McpError.ofRequest(400, McpError.INVALID_REQUEST, "method must be a non-empty string");
            }
            JsonNode params = body.get("params");
            if (params != null && !params.isObject() && !params.isNull()) {
                throw new McpError(McpError.INVALID_PARAMS, "params must be an object", null, 200);
            }
            return describe(new McpMessage(id, method.asText(),
                    params instanceof ObjectNode object ? object : Json.object()));
        } catch (BodyProblem problem) {
            return "body problem " + problem.kind() + ": " + problem.getMessage();
        } catch (McpError error) {
            return describe(error);
        }
    }

    private String inOnePass(HttpRequest request) {
        try {
            return describe(bodies.read(request, McpMessage::read));
        } catch (BodyProblem problem) {
            return "body problem " + problem.kind() + ": " + problem.getMessage();
        } catch (McpError error) {
            return describe(error);
        }
    }

    private static String describe(McpError error) {
        return "error " + error.httpStatus() + " " + error.code() + " " + error.getMessage();
    }

    private static String describe(McpMessage message) {
        return "message id " + (message.id() == null ? null : message.id().getClass().getSimpleName() + " "
                + message.id()) + " method " + message.method() + " params " + nodes(message.params());
    }

    /** The tree with each node's class, so that an int read as a long (or a double as a decimal) shows. */
    private static String nodes(JsonNode node) {
        StringBuilder text = new StringBuilder(node.getClass().getSimpleName()).append('(');
        if (node.isObject()) {
            node.properties().forEach(field -> text.append(field.getKey()).append(':')
                    .append(nodes(field.getValue())).append(','));
        } else if (node.isArray()) {
            node.elements().forEachRemaining(element -> text.append(nodes(element)).append(','));
        } else {
            text.append(node);
        }
        return text.append(')').toString();
    }
}
