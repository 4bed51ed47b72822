package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The fields a 2026-07-28 request carries in {@code params._meta}: the protocol version and the client capabilities
 * (required), the log level (optional, one of {@link LogLevel}). A request missing a required field, or with a
 * malformed one, is refused with {@code -32602} and HTTP 400.
 */
final class RequestMeta {

    static final String LOG_LEVEL = "io.modelcontextprotocol/logLevel";

    private RequestMeta() {
    }

    /** The version the request names in {@code _meta}, which must be there. */
    static String requireVersion(McpMessage message) {
        JsonNode meta = message.params().get(McpMessage.META);
        if (meta == null || !meta.isObject()) {
            throw invalid("params._meta is required and must be an object");
        }
        JsonNode version = meta.get(McpMessage.META_PROTOCOL_VERSION);
        if (version == null || !version.isTextual()) {
            throw invalid("params._meta must name the protocol version in " + McpMessage.META_PROTOCOL_VERSION);
        }
        return version.asText();
    }

    /** Checks the fields the request's version requires besides the version itself. */
    static void requireFields(McpMessage message) {
        JsonNode meta = message.meta();
        JsonNode capabilities = meta.get(McpMessage.META_CLIENT_CAPABILITIES);
        if (capabilities == null || !capabilities.isObject()) {
            throw invalid("params._meta must declare the client's capabilities in "
                    + McpMessage.META_CLIENT_CAPABILITIES + " (an object, {} for none)");
        }
        JsonNode level = meta.get(LOG_LEVEL);
        if (level != null && (!level.isTextual() || LogLevel.of(level.asText()).isEmpty())) {
            throw invalid(LOG_LEVEL + " must be one of debug, info, notice, warning, error, critical, alert, "
                    + "emergency");
        }
    }

    private static McpError invalid(String message) {
        return new McpError(McpError.INVALID_PARAMS, message, null, 400);
    }
}
