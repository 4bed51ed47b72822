package dev.agentport.validate.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.concurrent.atomic.AtomicLong;

/** The JSON-RPC messages rules send, built as JSON: requests with ids of their own, notifications, tool calls. */
final class Messages {

    static final ObjectMapper MAPPER = new ObjectMapper();
    /** The versions negotiated with {@code initialize}, oldest first. */
    static final String V2025_03_26 = "2025-03-26";
    static final String V2025_06_18 = "2025-06-18";
    static final String V2025_11_25 = "2025-11-25";
    /** The version named per request in {@code _meta}, with no {@code initialize}. */
    static final String V2026_07_28 = "2026-07-28";

    private static final AtomicLong IDS = new AtomicLong();

    private Messages() {
    }

    /** A fresh request id, so that a response can be told from any other message. */
    static String nextId() {
        return "vc-" + IDS.incrementAndGet();
    }

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    static ObjectNode request(String id, String method, ObjectNode params) {
        ObjectNode request = object();
        request.put("jsonrpc", "2.0");
        request.put("id", id);
        request.put("method", method);
        request.set("params", params);
        return request;
    }

    static ObjectNode notification(String method) {
        ObjectNode notification = object();
        notification.put("jsonrpc", "2.0");
        notification.put("method", method);
        return notification;
    }

    static ObjectNode initializeParams(String version) {
        ObjectNode params = object();
        params.put("protocolVersion", version);
        params.putObject("capabilities");
        params.putObject("clientInfo").put("name", "validate-contract").put("version", "1");
        return params;
    }

    /** {@code tools/call} params; {@code progressToken}, when not null, asks for progress. */
    static ObjectNode toolCall(String tool, JsonNode arguments, String progressToken) {
        ObjectNode params = object();
        params.put("name", tool);
        params.set("arguments", arguments);
        if (progressToken != null) {
            params.putObject("_meta").put("progressToken", progressToken);
        }
        return params;
    }

    static String write(JsonNode node) {
        return node.toString();
    }

    /** Whether {@code version} is {@code since} or later (versions are dates, so they sort as text). */
    static boolean atLeast(String version, String since) {
        return version.compareTo(since) >= 0;
    }
}
