package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

class JsonRpcTest {

    @Test
    void a_result_written_straight_has_the_bytes_of_its_tree() throws Exception {
        ObjectNode toolResult = ToolResults.text("You said \"héllo\" \u2603.\n");
        ObjectNode nested = (ObjectNode) Json.parse("{\"a\":[1,2.5,true,null,{\"b\":\"c\"}],\"_meta\":{}}".getBytes());
        for (JsonNode id : Arrays.asList(IntNode.valueOf(7), TextNode.valueOf("x-1"), Json.MAPPER.nullNode(), null)) {
            for (ObjectNode result : Arrays.asList(toolResult, nested, Json.object(), null)) {
                assertArrayEquals(Json.bytes(JsonRpc.result(id, result)),
                        Json.written(json -> JsonRpc.writeResult(json, id, result)), id + " " + result);
            }
        }
    }
}
