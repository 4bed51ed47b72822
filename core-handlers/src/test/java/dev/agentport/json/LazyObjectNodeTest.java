package dev.agentport.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LazyObjectNodeTest {

    /** A source whose written form is its tree's, and which counts how often the tree was made. */
    private static final class Counted implements LazyObjectNode.Source {
        int made;

        @Override
        public int size() {
            return 3;
        }

        @Override
        public ObjectNode tree() {
            made++;
            return eager();
        }

        @Override
        public void write(JsonGenerator out) throws java.io.IOException {
            Json.writeNode(out, eager());
        }
    }

    private static ObjectNode eager() {
        ObjectNode tree = Json.object().put("n", 15L).put("text", "snow \u2603 \"q\"");
        tree.putObject("inner").put("p", 0.8).putNull("none");
        return tree;
    }

    private static String written(JsonNode node) {
        return new String(Json.written(out -> Json.writeNode(out, node)), StandardCharsets.UTF_8);
    }

    @Test
    void written_before_it_is_read_it_is_the_bytes_of_its_tree_and_makes_no_tree() throws Exception {
        Counted source = new Counted();
        LazyObjectNode lazy = new LazyObjectNode(source);
        assertEquals(written(eager()), written(lazy));
        assertEquals(3, lazy.size());
        assertTrue(!lazy.isEmpty());
        assertEquals(0, source.made);
    }

    @Test
    void read_it_is_its_tree_to_every_reader() throws Exception {
        ObjectNode tree = eager();
        ObjectNode lazy = new LazyObjectNode(new Counted());
        assertEquals(tree, lazy);
        assertEquals(lazy, tree);
        assertEquals(tree.hashCode(), lazy.hashCode());
        assertEquals(tree.toString(), lazy.toString());
        assertEquals(Json.MAPPER.writeValueAsString(tree), Json.MAPPER.writeValueAsString(lazy));
        assertEquals(tree.get("inner"), lazy.get("inner"));
        assertEquals(tree.path("missing"), lazy.path("missing"));
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, JsonNode> member : lazy.properties()) {
            names.add(member.getKey());
        }
        assertEquals(List.of("n", "text", "inner"), names);
        assertEquals(tree, lazy.deepCopy());
        assertEquals(Json.MAPPER.readTree(Json.MAPPER.writeValueAsBytes(tree)),
                Json.MAPPER.readTree(Json.MAPPER.writeValueAsBytes(lazy)));
        assertEquals(written(tree), written(lazy));
    }

    @Test
    void its_tree_is_made_once() {
        Counted source = new Counted();
        ObjectNode lazy = new LazyObjectNode(source);
        lazy.get("n");
        lazy.size();
        lazy.properties().size();
        assertEquals(1, source.made);
    }

    @Test
    void changed_it_is_written_as_changed() {
        ObjectNode lazy = new LazyObjectNode(new Counted());
        lazy.put("added", true);
        lazy.remove("n");
        ObjectNode tree = eager().put("added", true);
        tree.remove("n");
        assertEquals(written(tree), written(lazy));
        assertEquals(tree, lazy);
        assertEquals(3, lazy.size());

        ObjectNode emptied = new LazyObjectNode(new Counted()).removeAll();
        assertEquals("{}", written(emptied));
        assertTrue(emptied.isEmpty());
        assertNotEquals(eager(), emptied);
    }

    @Test
    void inside_a_tree_it_is_written_as_its_tree() {
        ObjectNode outer = Json.object().put("a", 1);
        outer.set("lazy", new LazyObjectNode(new Counted()));
        outer.putArray("list").add(new LazyObjectNode(new Counted()));
        ObjectNode expected = Json.object().put("a", 1);
        expected.set("lazy", eager());
        expected.putArray("list").add(eager());
        assertEquals(written(expected), written(outer));
        assertEquals(new String(Json.bytes(expected), StandardCharsets.UTF_8),
                new String(Json.bytes(outer), StandardCharsets.UTF_8));
    }

    @Test
    void threads_reading_it_at_once_get_one_tree() throws Exception {
        for (int round = 0; round < 50; round++) {
            ObjectNode lazy = new LazyObjectNode(new Counted());
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService threads = Executors.newFixedThreadPool(4);
            try {
                List<Future<JsonNode>> inner = new ArrayList<>();
                for (int i = 0; i < 4; i++) {
                    inner.add(threads.submit(() -> {
                        start.await();
                        return lazy.get("inner");
                    }));
                }
                start.countDown();
                JsonNode first = inner.get(0).get();
                for (Future<JsonNode> other : inner) {
                    assertSame(first, other.get());
                }
            } finally {
                threads.shutdownNow();
            }
        }
    }
}
