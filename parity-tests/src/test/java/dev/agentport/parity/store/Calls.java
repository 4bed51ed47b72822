package dev.agentport.parity.store;

import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.Target;
import dev.agentport.json.Json;

/** The requests the cross-instance tests make, each in its contract's own shape. */
final class Calls {

    static final String MCP_VERSION = "2025-11-25";

    private Calls() {
    }

    static Exchange invoke(Target target, String sessionId, String input) throws Exception {
        return target.send(CaseRequest.post("/invoke").json(Json.object().put("input", input)
                .put("session_id", sessionId).toString()).build());
    }

    static Exchange stream(Target target, String sessionId, String input) throws Exception {
        return target.send(CaseRequest.post("/stream").header("Accept", "text/event-stream")
                .json(Json.object().put("input", input).put("session_id", sessionId).toString()).build());
    }

    static Exchange resume(Target target, String threadId, String answer) throws Exception {
        return target.send(CaseRequest.post("/resume").json(Json.object().put("thread_id", threadId)
                .put("human_input", answer).toString()).build());
    }

    /** A2A 1.0 {@code SendMessage}; {@code taskId} continues a paused task, or is null for a new one. */
    static Exchange a2aSend(Target target, String messageId, String taskId, String text) throws Exception {
        var message = Json.object().put("messageId", messageId).put("role", "ROLE_USER");
        message.putArray("parts").addObject().put("text", text);
        if (taskId != null) {
            message.put("taskId", taskId);
        }
        var request = Json.object().put("jsonrpc", "2.0").put("id", 1).put("method", "SendMessage");
        request.putObject("params").set("message", message);
        return target.send(CaseRequest.post("/a2a").header("A2A-Version", "1.0").json(request.toString()).build());
    }

    static Exchange a2aGet(Target target, String taskId) throws Exception {
        var request = Json.object().put("jsonrpc", "2.0").put("id", 2).put("method", "GetTask");
        request.putObject("params").put("id", taskId);
        return target.send(CaseRequest.post("/a2a").header("A2A-Version", "1.0").json(request.toString()).build());
    }

    static Exchange mcpInitialize(Target target) throws Exception {
        return target.send(mcp(null).json("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
                + "\"protocolVersion\":\"" + MCP_VERSION + "\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"cross-instance\",\"version\":\"1\"}}}").build());
    }

    static Exchange mcpSendMessage(Target target, String sessionId, String text) throws Exception {
        var request = Json.object().put("jsonrpc", "2.0").put("id", 2).put("method", "tools/call");
        var params = request.putObject("params").put("name", "send_message");
        params.putObject("arguments").put("message", text);
        return target.send(mcp(sessionId).json(request.toString()).build());
    }

    static Exchange mcpEnd(Target target, String sessionId) throws Exception {
        return target.send(CaseRequest.method("DELETE", "/mcp").header("Mcp-Session-Id", sessionId)
                .header("MCP-Protocol-Version", MCP_VERSION).build());
    }

    private static CaseRequest.Builder mcp(String sessionId) {
        CaseRequest.Builder builder = CaseRequest.post("/mcp").header("Accept", "application/json, text/event-stream");
        if (sessionId != null) {
            builder.header("Mcp-Session-Id", sessionId).header("MCP-Protocol-Version", MCP_VERSION);
        }
        return builder;
    }
}
