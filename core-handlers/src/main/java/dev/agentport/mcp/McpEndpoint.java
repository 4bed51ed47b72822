package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.BodyProblem;
import dev.agentport.json.JsonBodyReader;
import dev.agentport.store.StoreUnavailableException;

import java.util.function.Supplier;

/**
 * {@code POST /mcp}, Streamable HTTP: checks in a fixed order the {@code Accept} header (406), the body (415, 413, 400
 * with {@code -32700} or {@code -32600}), then the protocol and session headers; takes notifications and responses
 * with 202 (a response goes to the tool waiting for it, {@code notifications/cancelled} cancels its request), and hands
 * requests to the {@link McpServer}.
 */
final class McpEndpoint implements Handler {

    private final McpServer server;
    private final McpScopes scopes;
    private final JsonBodyReader bodies;

    McpEndpoint(McpServer server, McpScopes scopes, int maxBodyBytes) {
        this.server = server;
        this.scopes = scopes;
        this.bodies = new JsonBodyReader(maxBodyBytes, false, false);
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        JsonNode id = null;
        try {
            requireAccept(request);
            McpMessage message = body(() -> bodies.read(request, McpMessage::read));
            id = message.id();
            if (message.isResponse()) {
                server.reply(message.id(), body(() -> bodies.read(request)));
                return McpResponses.accepted();
            }
            if (message.isRequest() && message.method().equals("initialize")
                    && !McpScopes.speaksPerRequest(request, message)) {
                return server.initialize(message);
            }
            McpScope scope = scopes.resolve(request, message);
            if (message.isNotification()) {
                server.notified(request, message);
                return McpResponses.accepted();
            }
            return server.answer(request, message, scope);
        } catch (McpError e) {
            return McpResponses.error(e, id);
        } catch (StoreUnavailableException e) {
            return StoreOutages.response(e, id, request);
        }
    }

    /** The body as {@code read} reads it, its refusals as MCP errors. */
    private static <T> T body(Supplier<T> read) {
        try {
            return read.get();
        } catch (BodyProblem problem) {
            throw switch (problem.kind()) {
                case UNSUPPORTED_MEDIA_TYPE -> McpError.ofRequest(415, McpError.INVALID_REQUEST, problem.getMessage());
                case TOO_LARGE -> McpError.ofRequest(413, McpError.INVALID_REQUEST, problem.getMessage());
                case EMPTY -> McpError.ofRequest(400, McpError.INVALID_REQUEST, problem.getMessage());
                case NOT_JSON, NOT_AN_OBJECT -> McpError.ofRequest(400, McpError.PARSE_ERROR,
                        "Parse error: " + problem.getMessage());
            };
        }
    }

    /** The client must take both answers a POST can get: {@code application/json} and {@code text/event-stream}. */
    private static void requireAccept(HttpRequest request) {
        boolean json = false;
        boolean events = false;
        for (String value : request.headers().all("Accept")) {
            int start = 0;
            while (start <= value.length()) {
                int comma = value.indexOf(',', start);
                int end = comma < 0 ? value.length() : comma;
                int parameters = value.indexOf(';', start);
                int type = parameters >= 0 && parameters < end ? parameters : end;
                int from = start;
                while (from < type && Character.isWhitespace(value.charAt(from))) {
                    from++;
                }
                while (type > from && Character.isWhitespace(value.charAt(type - 1))) {
                    type--;
                }
                json |= isType(value, from, type, "application/json") || isType(value, from, type, "application/*")
                        || isType(value, from, type, "*/*");
                events |= isType(value, from, type, "text/event-stream") || isType(value, from, type, "text/*")
                        || isType(value, from, type, "*/*");
                start = end + 1;
            }
        }
        if (!json || !events) {
            throw McpError.ofRequest(406, McpError.INVALID_REQUEST,
                    "Not Acceptable: Accept must name application/json and text/event-stream");
        }
    }

    /**
     * Whether {@code value} from {@code start} to {@code end} (a range already stripped of whitespace) is the
     * lower-case {@code type} in any case (as {@code toLowerCase(Locale.ROOT).equals(type)}, without making strings).
     */
    private static boolean isType(String value, int start, int end, String type) {
        if (end - start != type.length()) {
            return false;
        }
        for (int i = 0; i < type.length(); i++) {
            char c = value.charAt(start + i);
            if (c != type.charAt(i) && !(c >= 'A' && c <= 'Z' && c + ('a' - 'A') == type.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
