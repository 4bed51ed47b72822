package dev.agentport.agent;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

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

    public ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("currentTokens", currentTokens);
        node.put("turnCount", turnCount);
        node.put("compactionCount", compactionCount);
        if (usagePercent != null) {
            node.put("usagePercent", usagePercent);
        }
        return node;
    }
}
