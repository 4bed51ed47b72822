package dev.agentport.validate.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.validate.http.Request;

/**
 * Requests as 2026-07-28 makes them, with no {@code initialize}: the version, the client's name and capabilities in
 * each request's {@code params._meta}, and the body mirrored in the {@code MCP-Protocol-Version}, {@code Mcp-Method}
 * and {@code Mcp-Name} headers.
 */
final class PerRequest {

    static final String META_VERSION = "io.modelcontextprotocol/protocolVersion";
    static final String METHOD_HEADER = "Mcp-Method";
    static final String NAME_HEADER = "Mcp-Name";

    private PerRequest() {
    }

    /** A request naming {@code version} in {@code _meta}. */
    static ObjectNode message(String id, String method, ObjectNode params, String version) {
        ObjectNode withMeta = params.deepCopy();
        ObjectNode meta = withMeta.has("_meta") ? (ObjectNode) withMeta.get("_meta") : withMeta.putObject("_meta");
        meta.put(META_VERSION, version);
        meta.putObject("io.modelcontextprotocol/clientInfo").put("name", "validate-contract").put("version", "1");
        meta.putObject("io.modelcontextprotocol/clientCapabilities");
        return Messages.request(id, method, withMeta);
    }

    /** A POST of {@code message} with the headers that mirror it, as a conforming client sends them. */
    static Request.Builder post(String path, ObjectNode message) {
        String version = message.at("/params/_meta").path(META_VERSION).asText();
        return post(path, message, version, message.path("method").asText(), nameOf(message));
    }

    /** A POST of {@code message} with the headers given; a {@code null} header is left out. */
    static Request.Builder post(String path, ObjectNode message, String versionHeader, String methodHeader,
                                String nameHeader) {
        Request.Builder request = Request.post(path).authorized().header("Accept", Session.ACCEPT);
        if (versionHeader != null) {
            request.header(Session.VERSION_HEADER, versionHeader);
        }
        if (methodHeader != null) {
            request.header(METHOD_HEADER, methodHeader);
        }
        if (nameHeader != null) {
            request.header(NAME_HEADER, nameHeader);
        }
        return request.json(Messages.write(message));
    }

    /** What {@code Mcp-Name} carries: the tool or prompt name, or the resource URI; {@code null} for other methods. */
    static String nameOf(ObjectNode message) {
        String field = switch (message.path("method").asText()) {
            case "tools/call", "prompts/get" -> "name";
            case "resources/read" -> "uri";
            default -> null;
        };
        return field == null ? null : message.path("params").path(field).asText(null);
    }
}
