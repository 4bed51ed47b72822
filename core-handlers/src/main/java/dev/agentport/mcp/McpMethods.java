package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Optional;

/**
 * A request's method to its result: {@code ping}, {@code server/discover} (2026-07-28), {@code tools/list},
 * {@code tools/call}, then the first extension that serves it; otherwise "Method not found".
 */
final class McpMethods {

    private static final Logger LOG = LoggerFactory.getLogger(McpMethods.class);

    private final ServerDescription description;
    private final McpTools tools;
    private final List<McpExtension> extensions;

    McpMethods(ServerDescription description, McpTools tools, List<McpExtension> extensions) {
        this.description = description;
        this.tools = tools;
        this.extensions = extensions;
    }

    ObjectNode result(McpMessage message, McpScope scope, McpCall call) {
        String method = message.method();
        if (scope.perRequest() && ProtocolVersions.REMOVED_IN_2026_07_28.contains(method)) {
            throw notFound(method, scope);
        }
        switch (method) {
            case "ping" -> {
                return Json.object();
            }
            case "server/discover" -> {
                if (scope.perRequest()) {
                    return CachingHints.add(description.discover());
                }
            }
            case "tools/list" -> {
                return scope.perRequest() ? CachingHints.add(tools.list()) : tools.list();
            }
            case "tools/call" -> {
                return tools.check(message, scope).run(call);
            }
            default -> {
                Optional<ObjectNode> served = extensionAnswer(method, message.params(), call);
                if (served.isPresent()) {
                    return served.get();
                }
            }
        }
        throw notFound(method, scope);
    }

    /** An unknown method: HTTP 404 in 2026-07-28, 200 in the earlier revisions. */
    private static McpError notFound(String method, McpScope scope) {
        return new McpError(McpError.METHOD_NOT_FOUND, "Method not found: " + McpScopes.sanitize(method), null,
                scope.perRequest() ? 404 : 200);
    }

    private Optional<ObjectNode> extensionAnswer(String method, ObjectNode params, McpCall call) {
        for (McpExtension extension : extensions) {
            try {
                Optional<JsonNode> answer = extension.handle(method, params, call);
                if (answer.isPresent()) {
                    JsonNode result = answer.get();
                    return Optional.of(result.isObject() ? (ObjectNode) result : Json.object());
                }
            } catch (McpError | InputRequired e) {
                throw e;
            } catch (Exception e) {
                LOG.error("the MCP extension failed on {}", method, e);
                throw new McpError(McpError.INTERNAL_ERROR, "the server failed on " + method);
            }
        }
        return Optional.empty();
    }
}
