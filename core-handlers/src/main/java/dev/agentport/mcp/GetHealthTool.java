package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;
import dev.agentport.runtime.Lifecycle;
import dev.agentport.runtime.ReadinessGate;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code get_health}: one text block holding {@code {"status":"ok"|"degraded"|"error","timestamp",...,"message"}},
 * never calling the agent. {@code error} when the agent cannot run (loading, failed, shutting down); otherwise the
 * downstream servers decide: all reachable is {@code ok}, any unreachable is {@code degraded} naming them.
 */
final class GetHealthTool implements McpTool {

    static final String NAME = "get_health";

    private final Lifecycle lifecycle;
    private final DownstreamHealth downstream;

    GetHealthTool(Lifecycle lifecycle, DownstreamHealth downstream) {
        this.lifecycle = lifecycle;
        this.downstream = downstream;
    }

    @Override
    public ObjectNode definition() {
        ObjectNode tool = Json.object();
        tool.put("name", NAME);
        tool.put("description", "Returns the health status of this agent and its downstream dependencies.");
        ObjectNode schema = tool.putObject("inputSchema");
        schema.put("type", "object");
        schema.putObject("properties");
        schema.put("additionalProperties", false);
        return tool;
    }

    @Override
    public ObjectNode call(ObjectNode arguments, McpCall call) {
        ObjectNode health = Json.object();
        health.put("timestamp", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        Lifecycle.State state = lifecycle.state();
        if (state != Lifecycle.State.READY) {
            health.put("status", "error");
            health.put("message", ReadinessGate.message(state));
            return ToolResults.text(order(health));
        }
        List<DownstreamHealth.Status> statuses = downstream.check();
        List<DownstreamHealth.Status> down = statuses.stream().filter(s -> !s.reachable()).toList();
        health.put("status", down.isEmpty() ? "ok" : "degraded");
        if (!down.isEmpty()) {
            health.put("message", down.stream().map(s -> s.name() + " MCP server unreachable (" + s.problem() + ")")
                    .collect(Collectors.joining("; ")));
        }
        if (!statuses.isEmpty()) {
            ArrayNode servers = health.putArray("downstream");
            for (DownstreamHealth.Status status : statuses) {
                servers.addObject().put("name", status.name()).put("reachable", status.reachable());
            }
        }
        return ToolResults.text(order(health));
    }

    /** {@code status} first, as the examples of the Pallas interface show it. */
    private static String order(ObjectNode health) {
        ObjectNode ordered = Json.object();
        ordered.set("status", health.get("status"));
        health.fields().forEachRemaining(field -> ordered.set(field.getKey(), field.getValue()));
        return Json.write(ordered);
    }
}
