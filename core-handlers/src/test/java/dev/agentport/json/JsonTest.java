package dev.agentport.json;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class JsonTest {

    @Test
    void a_node_is_written_with_the_bytes_the_mapper_writes_for_it() throws Exception {
        ObjectNode node = Json.object()
                .put("text", "quote \" backslash \\ newline \n and ü")
                .put("int", 7)
                .put("long", 1L << 40)
                .put("double", 0.8)
                .put("float", 1.5f)
                .put("big", new BigInteger("123456789012345678901234567890"))
                .put("decimal", new BigDecimal("1.50"))
                .put("yes", true)
                .put("binary", "bytes".getBytes(StandardCharsets.UTF_8))
                .putNull("nothing");
        node.putObject("empty");
        node.putArray("list").add(1).add("two").addNull().addObject().put("nested", false);
        node.putPOJO("pojo", List.of("a", 1));

        String mapper = new String(Json.MAPPER.writeValueAsBytes(node), StandardCharsets.UTF_8);
        assertEquals(mapper, new String(Json.written(json -> Json.writeNode(json, node)), StandardCharsets.UTF_8));
        assertEquals(mapper, new String(Json.bytes(node), StandardCharsets.UTF_8));
    }
}
