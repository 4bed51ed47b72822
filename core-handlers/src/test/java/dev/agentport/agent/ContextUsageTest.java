package dev.agentport.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ContextUsageTest {

    /** The tree {@code toJson} built before it was lazy. */
    private static ObjectNode eager(ContextUsage usage) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("currentTokens", usage.currentTokens());
        node.put("turnCount", usage.turnCount());
        node.put("compactionCount", usage.compactionCount());
        if (usage.usagePercent() != null) {
            node.put("usagePercent", usage.usagePercent());
        }
        return node;
    }

    private static List<ContextUsage> usages() {
        List<ContextUsage> usages = new ArrayList<>(List.of(
                new ContextUsage(15, 1, 0, 0.8),
                new ContextUsage(0, 0, 0, null),
                new ContextUsage(Long.MAX_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE, 100.0),
                new ContextUsage(-1, -1, -1, -0.0),
                new ContextUsage(1L << 40, 3, 2, 0.1 + 0.2),
                new ContextUsage(7, 1, 0, Double.NaN),
                new ContextUsage(7, 1, 0, Double.POSITIVE_INFINITY),
                new ContextUsage(7, 1, 0, 1e-7),
                new ContextUsage(7, 1, 0, 1.0E21)));
        for (int tenths = 0; tenths <= 1000; tenths++) {
            usages.add(new ContextUsage(tenths, 1, 0, tenths / 10.0));
            usages.add(new ContextUsage(tenths, 1, 0, Math.nextUp(tenths / 10.0)));
        }
        usages.add(new ContextUsage(7, 1, 0, 100.1));
        usages.add(new ContextUsage(7, 1, 0, -0.1));
        Random random = new Random(14);
        for (int i = 0; i < 500; i++) {
            usages.add(new ContextUsage(random.nextLong(), random.nextInt(), random.nextInt(100),
                    random.nextBoolean() ? null : random.nextDouble() * Math.pow(10, random.nextInt(30) - 15)));
        }
        return usages;
    }

    private static String written(JsonNode node) {
        return new String(Json.written(out -> Json.writeNode(out, node)), StandardCharsets.UTF_8);
    }

    @Test
    void the_usage_is_written_with_the_bytes_of_its_tree() throws Exception {
        for (ContextUsage usage : usages()) {
            assertEquals(written(eager(usage)), written(usage.toJson()), usage.toString());
            assertEquals(Json.MAPPER.writeValueAsString(eager(usage)), Json.MAPPER.writeValueAsString(usage.toJson()));
        }
    }

    @Test
    void the_usage_written_into_a_token_buffer_reads_back_as_its_tree() throws Exception {
        for (ContextUsage usage : usages()) {
            try (TokenBuffer buffer = new TokenBuffer(Json.MAPPER, false)) {
                Json.writeNode(buffer, usage.toJson());
                assertEquals(eager(usage), Json.MAPPER.readTree(buffer.asParser()), usage.toString());
            }
        }
    }

    @Test
    void read_the_usage_is_its_tree() {
        for (ContextUsage usage : usages()) {
            ObjectNode lazy = usage.toJson();
            assertEquals(eager(usage).size(), lazy.size());
            assertEquals(eager(usage), lazy);
            assertEquals(eager(usage).get("usagePercent"), lazy.get("usagePercent"));
        }
    }

    @Test
    void a_result_s_metadata_is_the_tree_its_builder_was_given_in_the_order_given() {
        ContextUsage usage = new ContextUsage(15, 1, 0, 0.8);
        ContextUsage later = new ContextUsage(16, 2, 1, null);
        JsonNode value = JsonNodeFactory.instance.textNode("v \u00e9");

        ObjectNode onlyUsage = JsonNodeFactory.instance.objectNode();
        onlyUsage.set(ContextUsage.KEY, eager(usage));
        assertSameTree(onlyUsage, RunResult.builder().output("x").contextUsage(usage).build().metadata());

        ObjectNode usageFirst = JsonNodeFactory.instance.objectNode();
        usageFirst.set(ContextUsage.KEY, eager(later));
        usageFirst.set("k", value);
        assertSameTree(usageFirst, RunResult.builder().contextUsage(usage).metadata("k", value).contextUsage(later)
                .build().metadata());
        assertSameTree(usageFirst, RunResult.builder().contextUsage(usage).contextUsage(later).metadata("k", value)
                .build().metadata());

        ObjectNode keyFirst = JsonNodeFactory.instance.objectNode();
        keyFirst.set("k", value);
        keyFirst.set(ContextUsage.KEY, eager(usage));
        assertSameTree(keyFirst, RunResult.builder().metadata("k", value).contextUsage(usage).build().metadata());

        ObjectNode replaced = JsonNodeFactory.instance.objectNode();
        replaced.set(ContextUsage.KEY, value);
        assertSameTree(replaced, RunResult.builder().contextUsage(usage).metadata(ContextUsage.KEY, value).build()
                .metadata());

        assertSameTree(JsonNodeFactory.instance.objectNode(), RunResult.builder().output("x").build().metadata());
    }

    @Test
    void a_result_s_metadata_of_the_usage_alone_is_not_empty() {
        ObjectNode metadata = RunResult.builder().contextUsage(new ContextUsage(1, 1, 0, null)).build().metadata();
        assertEquals(false, metadata.isEmpty());
        assertEquals(1, metadata.size());
    }

    private static void assertSameTree(ObjectNode expected, ObjectNode actual) {
        assertEquals(written(expected), written(actual));
        assertEquals(expected, actual);
        assertEquals(expected.toString(), actual.toString());
    }
}
