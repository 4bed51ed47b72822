package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.AgentPort;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.json.Json;
import dev.agentport.runtime.RuntimeConfig;

import java.util.List;
import java.util.Map;

/**
 * 2026-07-28 requests to a core with the default agent and the test's extensions: the version in {@code _meta} and
 * in {@code MCP-Protocol-Version}, the method (and name) in {@code Mcp-Method} and {@code Mcp-Name}.
 */
final class Modern {

    static final String VERSION = "2026-07-28";
    static final String PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
    static final String CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";

    private final InProcessTarget target;

    private Modern(InProcessTarget target) {
        this.target = target;
    }

    static Modern core(McpExtension... extensions) {
        return new Modern(new InProcessTarget(AgentPort.builder().agent(new DefaultAgent())
                .config(RuntimeConfig.fromEnvironment(Map.of()))
                .face(new McpFace(McpSettings.fromEnvironment(Map.of()), null, null, List.of(extensions)))
                .build()));
    }

    /** A complete {@code _meta}: the version and no client capabilities. */
    static ObjectNode meta() {
        ObjectNode meta = Json.object();
        meta.put(PROTOCOL_VERSION, VERSION);
        meta.putObject(CLIENT_CAPABILITIES);
        return meta;
    }

    /** {@code params} with a complete {@code _meta}. */
    static ObjectNode params() {
        ObjectNode params = Json.object();
        params.set("_meta", meta());
        return params;
    }

    /** A tool call's params with a complete {@code _meta}. */
    static ObjectNode toolCall(String tool) {
        ObjectNode params = params();
        params.put("name", tool);
        params.putObject("arguments");
        return params;
    }

    /** Sends {@code method} with {@code params} as they are, with the headers the body calls for. */
    Exchange send(String method, ObjectNode params) throws Exception {
        return send(method, params, VERSION);
    }

    Exchange send(String method, ObjectNode params, String versionHeader) throws Exception {
        ObjectNode body = Json.object();
        body.put("jsonrpc", "2.0");
        body.put("id", 9);
        body.put("method", method);
        body.set("params", params);
        CaseRequest.Builder request = McpTesting.post(Json.write(body))
                .header("MCP-Protocol-Version", versionHeader).header("Mcp-Method", method);
        if (params.path("name").isTextual()) {
            request.header("Mcp-Name", params.get("name").asText());
        }
        return target.send(request.build());
    }

    /** Sends a 2025-11-25 request (stateless mode: the header names the version). */
    Exchange legacy(String method, ObjectNode params) throws Exception {
        ObjectNode body = Json.object();
        body.put("jsonrpc", "2.0");
        body.put("id", 9);
        body.put("method", method);
        body.set("params", params);
        return target.send(McpTesting.post(Json.write(body)).header("MCP-Protocol-Version", "2025-11-25").build());
    }
}
