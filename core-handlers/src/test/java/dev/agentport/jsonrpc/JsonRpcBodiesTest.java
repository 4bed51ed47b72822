package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.Json;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

class JsonRpcBodiesTest {

    private final JsonRpcBodies bodies = new JsonRpcBodies(1000);

    /** What the shared path's rule says, read through a whole tree: the predicate must agree on every body. */
    private static boolean claimedByTree(String body) {
        return claimedByTree(body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    private static boolean claimedByTree(byte[] body) {
        try {
            JsonNode json = Json.parse(body);
            if (json.isArray() && !json.isEmpty()) {
                json = json.get(0);
            }
            return json.isObject() && json.has("jsonrpc");
        } catch (Exception e) {
            return false;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendMessage\",\"params\":{\"message\":{\"parts\":[]}}}",
            "{\"message\":{\"role\":\"user\",\"parts\":[{\"text\":\"hello\"}]}}",
            "{\"message\":{\"jsonrpc\":\"2.0\"}}",
            "{\"a\":[{\"jsonrpc\":1}],\"b\":2}",
            "[{\"jsonrpc\":\"2.0\",\"method\":\"x\"},{\"id\":2}]",
            "[{\"id\":2},{\"jsonrpc\":\"2.0\"}]",
            "[[{\"jsonrpc\":\"2.0\"}]]",
            "[1,{\"jsonrpc\":\"2.0\"}]",
            "[]",
            "{}",
            "\"jsonrpc\"",
            "42",
            "null",
            "   ",
            "{\"jsonrpc\":\"2.0\"",
            "{\"jsonrpc\":\"2.0\"} {}",
            "{\"jsonrpc\":\"2.0\"} x",
            "{\"jsonrpc\":\"2.0\",\"jsonrpc\":\"2.0\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1e5,\"x\":-0.5,\"y\":true,\"z\":null}",
            "{\"jsonrpc\":\"2.0\",\"id\":123456789012345678901234567890}",
            "{\"jsonrpc\":\"2.0\",\"s\":\"a\\u00e9\\n\\\"\"}",
            "{\"jsonrpc\":\"2.0\",\"s\":\"\\x\"}",
            "[{\"jsonrpc\":\"2.0\"},",
            "{\"jsonrpc\":\"2.0\"}]",
            "{\"\\u006asonrpc\":\"2.0\"}",
            "{\"js\\u006Fnrpc\":\"2.0\",\"id\":1}",
            "{\"message\":{\"parts\":[{\"text\":\"a \\\"quote\\\"\"}]}}",
            "{\"jsonrp\":1,\"j\":\"jsonrp\"}",
    })
    void a_body_on_the_shared_path_is_json_rpc_exactly_when_its_whole_tree_says_so(String body) {
        HttpRequest request = HttpRequest.builder("POST", "/").body(body).build();
        assertEquals(claimedByTree(body), bodies.test(request), body);
    }

    @ParameterizedTest
    @ValueSource(strings = {"UTF-16BE", "UTF-16LE", "UTF-32BE"})
    void a_body_in_another_unicode_encoding_is_json_rpc_as_its_tree_says(String encoding) {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"GetTask\"}";
        byte[] bytes = body.getBytes(java.nio.charset.Charset.forName(encoding));
        HttpRequest request = HttpRequest.builder("POST", "/").body(bytes).build();
        assertEquals(claimedByTree(bytes), bodies.test(request), encoding);
    }
}
