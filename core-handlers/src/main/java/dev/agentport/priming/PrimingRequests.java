package dev.agentport.priming;

import dev.agentport.a2arest.A2aRestFace;
import dev.agentport.agentbreeder.AgentBreederFace;
import dev.agentport.agentcore.AgentCoreFace;
import dev.agentport.daedalus.DaedalusFace;
import dev.agentport.http.HttpRequest;
import dev.agentport.jsonrpc.JsonRpcFace;
import dev.agentport.mcp.McpFace;
import dev.agentport.runtime.RuntimeConfig;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The requests that prime a server (Lambda SnapStart's checkpoint, the build's class-data training run): {@code
 * /health} when an enabled face serves it, then the main calls of every enabled face, synchronous and streamed, each
 * as a client would send it (with the bearer token when auth is on). Every call makes new message ids, so the
 * requests of one call may be sent again after those of another. AgentCore's {@code /ping} is asked as the platform
 * asks it, without a token. The local {@code /run-task} adapter is left out:
 * it answers loopback callers only. A face of one's own is left out too: its requests are not known here.
 */
public final class PrimingRequests {

    static final String TEXT = "priming";
    private static final String JSON = "application/json";
    private static final String EVENTS = "text/event-stream";
    private static final String MCP_VERSION = "2025-11-25";
    private static final AtomicLong MESSAGE_IDS = new AtomicLong();

    private PrimingRequests() {
    }

    /** The requests for {@code faces} (the enabled ones, as {@code AgentPort.faces()} names them), in order. */
    public static List<HttpRequest> forFaces(List<String> faces, RuntimeConfig config) {
        List<HttpRequest> requests = new ArrayList<>();
        if (config.healthOwner(faces) != null) {
            requests.add(HttpRequest.builder("GET", "/health").build());
        }
        for (String face : faces) {
            requests.addAll(forFace(face, config));
        }
        return requests;
    }

    private static List<HttpRequest> forFace(String face, RuntimeConfig config) {
        return switch (face) {
            case AgentBreederFace.NAME -> List.of(
                    post(config, "/invoke", JSON, "{\"input\":\"" + TEXT + "\"}"),
                    post(config, "/stream", JSON, "{\"input\":\"" + TEXT + "\"}"));
            case DaedalusFace.NAME -> List.of(
                    post(config, "/", JSON, "{\"message\":" + message("user") + "}"),
                    post(config, "/", EVENTS, "{\"message\":" + message("user") + "}"));
            case JsonRpcFace.NAME -> List.of(
                    a2a(config, "SendMessage"),
                    a2a(config, "SendStreamingMessage"));
            case A2aRestFace.NAME -> List.of(
                    post(config, "/message:send", JSON, "{\"message\":" + message("ROLE_USER") + "}"),
                    post(config, "/message:stream", EVENTS, "{\"message\":" + message("ROLE_USER") + "}"));
            case AgentCoreFace.NAME -> List.of(
                    HttpRequest.builder("GET", "/ping").header("User-Agent", "agentport-priming").build(),
                    post(config, "/invocations", JSON, "{\"prompt\":\"" + TEXT + "\"}"),
                    post(config, "/invocations", EVENTS, "{\"prompt\":\"" + TEXT + "\"}"));
            case McpFace.NAME -> List.of(
                    mcp(config, "initialize", "{\"protocolVersion\":\"" + MCP_VERSION + "\",\"capabilities\":{},"
                            + "\"clientInfo\":{\"name\":\"agentport-priming\",\"version\":\"1\"}}"),
                    mcp(config, "tools/list", "{}"),
                    mcp(config, "tools/call", "{\"name\":\"send_message\",\"arguments\":{\"message\":\"" + TEXT
                            + "\"}}"));
            default -> List.of();
        };
    }

    /** A message with an id of its own: a face refuses a message id it has seen, and the requests may be sent again. */
    private static String message(String role) {
        return "{\"messageId\":\"" + TEXT + "-" + MESSAGE_IDS.incrementAndGet() + "\",\"role\":\"" + role
                + "\",\"parts\":[{\"text\":\"" + TEXT + "\"}]}";
    }

    private static HttpRequest a2a(RuntimeConfig config, String method) {
        return authorized(config, HttpRequest.builder("POST", "/a2a"))
                .header("Content-Type", JSON)
                .header("Accept", method.contains("Streaming") ? EVENTS : JSON)
                .header("A2A-Version", "1.0")
                .body(rpc(method, "{\"message\":" + message("ROLE_USER") + "}"))
                .build();
    }

    /** MCP over Streamable HTTP: a loopback {@code Host}, both media types accepted, the version once agreed. */
    private static HttpRequest mcp(RuntimeConfig config, String method, String params) {
        HttpRequest.Builder request = authorized(config, HttpRequest.builder("POST", McpFace.ENDPOINT))
                .header("Host", "localhost")
                .header("Content-Type", JSON)
                .header("Accept", JSON + ", " + EVENTS);
        if (!method.equals("initialize")) {
            request.header("MCP-Protocol-Version", MCP_VERSION);
        }
        return request.body(rpc(method, params)).build();
    }

    private static String rpc(String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method + "\",\"params\":" + params + "}";
    }

    private static HttpRequest post(RuntimeConfig config, String path, String accept, String body) {
        return authorized(config, HttpRequest.builder("POST", path))
                .header("Content-Type", JSON)
                .header("Accept", accept)
                .body(body)
                .build();
    }

    private static HttpRequest.Builder authorized(RuntimeConfig config, HttpRequest.Builder request) {
        request.header("User-Agent", "agentport-priming");
        if (config.authEnabled()) {
            request.header("Authorization", "Bearer " + config.authToken());
        }
        return request;
    }
}
