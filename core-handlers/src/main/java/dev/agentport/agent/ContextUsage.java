package dev.agentport.agent;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.LazyObjectNode;

import java.io.IOException;

/**
 * How full the agent's context window is, reported after a run as {@code metadata.contextUsage} (Daedalus level 3).
 *
 * @param currentTokens   tokens the context holds now (an estimate is fine)
 * @param turnCount       turns of the conversation the context covers
 * @param compactionCount how often older turns were compacted into a summary
 * @param usagePercent    {@code currentTokens} as a share of the budget, 0 to 100, or {@code null} when unknown
 */
public record ContextUsage(long currentTokens, int turnCount, int compactionCount, Double usagePercent) {

    /** The metadata key faces read. */
    public static final String KEY = "contextUsage";

    /**
     * The usage as {@code {"currentTokens","turnCount","compactionCount","usagePercent"?}}: a tree made only when read;
     * written as it is (the answers of every run that reports it), none is made.
     */
    public ObjectNode toJson() {
        return new LazyObjectNode(new Tree(this));
    }

    /** {@code {"contextUsage": usage}}: a run's metadata when the usage is all it reports, as lazy as {@link #toJson}. */
    static ObjectNode metadataOf(ContextUsage usage) {
        return new LazyObjectNode(new Metadata(usage));
    }

    private ObjectNode tree() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("currentTokens", currentTokens);
        node.put("turnCount", turnCount);
        node.put("compactionCount", compactionCount);
        if (usagePercent != null) {
            node.put("usagePercent", usagePercent);
        }
        return node;
    }

    private void write(JsonGenerator out) throws IOException {
        out.writeStartObject();
        out.writeNumberField("currentTokens", currentTokens);
        out.writeNumberField("turnCount", turnCount);
        out.writeNumberField("compactionCount", compactionCount);
        if (usagePercent != null) {
            out.writeFieldName("usagePercent");
            writePercent(out, usagePercent);
        }
        out.writeEndObject();
    }

    /** The texts of the percentages with one decimal, 0.0 to 100.0, as {@link Double#toString} writes them. */
    private static final String[] TENTHS = new String[1001];

    /**
     * Writes the percentage as {@code writeNumber(double)} does. A percentage with one decimal (the default agent's) is
     * written from its text, made once: {@code Double.toString} took 4 % of a task request's thread.
     */
    private static void writePercent(JsonGenerator out, double percent) throws IOException {
        long tenths = Math.round(percent * 10);
        if (tenths >= 0 && tenths < TENTHS.length
                && Double.doubleToRawLongBits(tenths / 10.0) == Double.doubleToRawLongBits(percent)) {
            String text = TENTHS[(int) tenths];
            if (text == null) {
                text = Double.toString(percent);
                TENTHS[(int) tenths] = text;
            }
            out.writeNumber(text);
        } else {
            out.writeNumber(percent);
        }
    }

    private record Tree(ContextUsage usage) implements LazyObjectNode.Source {

        @Override
        public int size() {
            return usage.usagePercent == null ? 3 : 4;
        }

        @Override
        public ObjectNode tree() {
            return usage.tree();
        }

        @Override
        public void write(JsonGenerator out) throws IOException {
            usage.write(out);
        }
    }

    private record Metadata(ContextUsage usage) implements LazyObjectNode.Source {

        @Override
        public int size() {
            return 1;
        }

        @Override
        public ObjectNode tree() {
            ObjectNode metadata = JsonNodeFactory.instance.objectNode();
            metadata.set(KEY, usage.toJson());
            return metadata;
        }

        @Override
        public void write(JsonGenerator out) throws IOException {
            out.writeStartObject();
            out.writeFieldName(KEY);
            usage.write(out);
            out.writeEndObject();
        }
    }
}
