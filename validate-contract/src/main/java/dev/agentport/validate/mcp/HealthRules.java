package dev.agentport.validate.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.RuleFailed;

import java.io.IOException;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Pallas, section 2: the {@code get_health} tool takes no arguments, answers one text block holding
 * {@code {"status":"ok"|"degraded"|"error","timestamp"?,"message"?}} (a message when it is not ok), and answers within
 * a second, as it never calls the model.
 */
final class HealthRules {

    static final String TOOL = "get_health";
    private static final Set<String> STATUSES = Set.of("ok", "degraded", "error");
    private static final long WITHIN_MILLIS = 1000;
    private static final int TRIES = 3;

    private HealthRules() {
    }

    static void listedTakingNoArguments(Probe probe) {
        JsonNode tool = McpClient.tool(probe, TOOL);
        Expect.that(tool != null, "tools/list lists no " + TOOL + " tool: " + McpClient.toolNames(probe));
        JsonNode schema = tool.path("inputSchema");
        Expect.equal("object", schema.path("type").asText(null), TOOL + "'s inputSchema.type");
        Expect.that(schema.path("required").isEmpty(), TOOL + " must need no arguments, but requires "
                + schema.path("required"));
    }

    static void answersOneTextBlockWithAStatus(Probe probe) {
        String id = Messages.nextId();
        Reply reply = McpClient.of(probe).callTool(probe, id, TOOL, Messages.object(), null);
        JsonNode result = reply.result(id);
        Expect.that(!result.path("isError").asBoolean(false), reply.what() + " answered a tool error: " + result);
        JsonNode content = result.path("content");
        Expect.that(content.isArray() && content.size() == 1 && "text".equals(content.at("/0/type").asText()),
                reply.what() + " must answer one text block: " + content);
        JsonNode health = json(content.at("/0/text").asText(), reply.what());
        String status = health.path("status").asText(null);
        Expect.that(STATUSES.contains(status), reply.what() + "'s status must be ok, degraded or error: " + health);
        JsonNode timestamp = health.get("timestamp");
        if (timestamp != null) {
            Expect.that(isIsoDateTime(timestamp.asText()), reply.what() + "'s timestamp is not ISO 8601: "
                    + timestamp);
        }
        if (!"ok".equals(status)) {
            Expect.that(!health.path("message").asText("").isBlank(), reply.what() + " says " + status
                    + " without a message saying why: " + health);
        }
    }

    /** Up to three calls, so that one slow first call (a cold start) does not decide it. */
    static void answersWithinOneSecond(Probe probe) {
        List<Long> took = new ArrayList<>();
        for (int i = 0; i < TRIES; i++) {
            String id = Messages.nextId();
            long start = System.nanoTime();
            Reply reply = McpClient.of(probe).callTool(probe, id, TOOL, Messages.object(), null);
            long millis = (System.nanoTime() - start) / 1_000_000;
            reply.result(id);
            if (millis <= WITHIN_MILLIS) {
                return;
            }
            took.add(millis);
        }
        throw new RuleFailed(TOOL + " took " + took + " ms in " + TRIES + " calls: it must answer within "
                + WITHIN_MILLIS + " ms, without calling the model");
    }

    private static JsonNode json(String text, String what) {
        try {
            JsonNode node = Messages.MAPPER.readTree(text);
            if (node != null && node.isObject()) {
                return node;
            }
        } catch (IOException e) {
            // Said below.
        }
        throw new RuleFailed(what + "'s text is not a JSON object: " + text);
    }

    private static boolean isIsoDateTime(String text) {
        try {
            OffsetDateTime.parse(text);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }
}
