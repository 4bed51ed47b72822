package dev.agentport.defaultagent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SessionReadTest {

    @Test
    void the_first_step_s_result_is_written_and_read_as_its_tree() throws Exception {
        for (int[] counts : new int[][] {{0, 1}, {3, 0}, {Integer.MAX_VALUE, Integer.MIN_VALUE}, {-1, 12}}) {
            ObjectNode tree = Json.object().put("earlier_turns", counts[0]).put("words", counts[1]);
            SessionRead read = new SessionRead(counts[0], counts[1]);
            assertEquals(text(Json.bytes(tree)), text(Json.bytes(read.json())));
            assertEquals(Json.MAPPER.writeValueAsString(tree), Json.MAPPER.writeValueAsString(read.json()));
            assertEquals(tree, read.json());
        }
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
