package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.http.HttpRequest;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * 2026-07-28's custom headers (SEP-2243): an argument whose schema names a header ({@code "x-mcp-header": "Region"})
 * travels in {@code Mcp-Param-Region} as well, so that intermediaries can route on it. The header must carry the
 * value the body gives: as it is, or Base64-encoded as {@code =?base64?...?=} (padded, of the standard alphabet); a
 * value without that whole wrapper is taken literally. A missing, malformed or different header is refused with
 * {@code -32020} and HTTP 400, as a header that disagrees with the body always is.
 */
final class ParamHeaders {

    static final String PREFIX = "Mcp-Param-";
    static final String ANNOTATION = "x-mcp-header";

    private static final String OPEN = "=?base64?";
    private static final String CLOSE = "?=";
    private static final Pattern BASE64 =
            Pattern.compile("(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?");

    private ParamHeaders() {
    }

    /** Checks every argument of the call whose schema names a header. */
    static void check(HttpRequest request, ToolCall call) {
        JsonNode properties = call.tool().definition().path("inputSchema").path("properties");
        for (Map.Entry<String, JsonNode> property : properties.properties()) {
            JsonNode header = property.getValue().get(ANNOTATION);
            if (header == null || !header.isTextual() || header.asText().isBlank()) {
                continue;
            }
            String name = PREFIX + header.asText();
            String sent = request.header(name);
            JsonNode value = call.arguments().get(property.getKey());
            if (value == null || value.isNull()) {
                if (sent != null) {
                    throw mismatch(name + " is set, but the body gives no " + property.getKey());
                }
                continue;
            }
            if (sent == null) {
                throw mismatch(name + " is required when the body gives " + property.getKey());
            }
            String expected = value.isTextual() ? value.asText() : value.toString();
            if (!decode(sent.strip(), name).equals(expected)) {
                throw mismatch(name + " must carry the " + property.getKey() + " the body gives");
            }
        }
    }

    private static String decode(String sent, String name) {
        if (sent.length() < OPEN.length() + CLOSE.length() || !sent.startsWith(OPEN) || !sent.endsWith(CLOSE)) {
            return sent;
        }
        String encoded = sent.substring(OPEN.length(), sent.length() - CLOSE.length());
        if (!BASE64.matcher(encoded).matches()) {
            throw mismatch(name + " is not valid Base64 (padded, of the standard alphabet)");
        }
        return new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
    }

    private static McpError mismatch(String message) {
        return new McpError(McpError.HEADER_MISMATCH, message, null, 400);
    }
}
