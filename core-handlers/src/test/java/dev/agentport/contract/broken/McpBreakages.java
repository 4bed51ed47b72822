package dev.agentport.contract.broken;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.contract.CaseRequest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import static dev.agentport.contract.broken.Changes.status;

/** Defects of the MCP face, each breaking exactly one rule of the validate-contract command's MCP rules. */
final class McpBreakages {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private McpBreakages() {
    }

    static List<Breakage> all() {
        return List.of(
                new Breakage("mcp 1.1 initialize_answers_a_version_capabilities_and_server_info",
                        method("initialize"), Changes.json(body -> ((ObjectNode) body.get("result"))
                        .remove("serverInfo"))),
                new Breakage("mcp 2.2 notification_is_202_without_a_body", method("notifications/initialized"),
                        Changes.all(status(200), Changes.text(text -> "{}"))),
                new Breakage("mcp 2.3 accept_without_event_stream_gets_no_event_stream",
                        post(request -> header(request, "Accept") != null
                                && !header(request, "Accept").contains("text/event-stream")),
                        Changes.all(status(200), Changes.header("Content-Type", "text/event-stream"),
                                Changes.text(text -> "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"x\","
                                        + "\"result\":{}}\n\n"))),
                new Breakage("mcp 4.1 unsupported_protocol_version_header_is_400",
                        post(request -> "1999-01-01".equals(header(request, "MCP-Protocol-Version"))), status(200)),
                new Breakage("mcp 4.2 foreign_origin_is_403", post(request -> header(request, "Origin") != null),
                        status(200)),
                new Breakage("mcp 5.1 body_that_is_not_json_is_a_parse_error",
                        post(request -> message(request) == null), status(200)),
                new Breakage("mcp 5.3 unknown_method_is_method_not_found",
                        method("validate-contract/no-such-method").and(request -> header(request, "Mcp-Method") == null),
                        Changes.json(body -> ((ObjectNode) body.get("error")).put("code", -32603))),
                new Breakage("mcp 6.7 2026_unsupported_version_is_32022_listing_the_supported_ones",
                        post(request -> "2099-01-01".equals(header(request, "MCP-Protocol-Version"))),
                        Changes.json(body -> ((ObjectNode) body.get("error")).remove("data"))),
                new Breakage("mcp 6.9 2026_listen_for_tasks_without_the_tasks_extension_is_32021",
                        method("subscriptions/listen"),
                        Changes.json(body -> ((ObjectNode) body.get("error")).put("code", -32602))),
                Breakage.of("mcp P1.3 registry_servers_have_a_streamable_http_remote", "GET",
                        "/.well-known/mcp/server.json", Changes.json(body -> ((ObjectNode) body
                                .at("/servers/0/server/remotes/0")).put("type", "sse"))),
                new Breakage("mcp P2.2 get_health_answers_one_text_block_with_a_status",
                        method("tools/call").and(request -> "get_health".equals(message(request).at("/params/name")
                                .asText())), Changes.text(text -> text.replace("\\\"status\\\":\\\"ok\\\"",
                        "\\\"status\\\":\\\"fine\\\""))),
                new Breakage("mcp P4.5 progress_rises_strictly",
                        method("tools/call").and(request -> message(request).at("/params/_meta/progressToken")
                                .isTextual()), Changes.text(text -> text.replaceAll("\"progress\":[0-9.]+",
                        "\"progress\":1"))));
    }

    /** POSTs to {@code /mcp} that {@code test} picks. */
    private static Predicate<CaseRequest> post(Predicate<CaseRequest> test) {
        return request -> request.method().equals("POST") && Breakage.pathOf(request).equals("/mcp")
                && test.test(request);
    }

    /** POSTs to {@code /mcp} of a JSON-RPC message of {@code method}. */
    static Predicate<CaseRequest> method(String method) {
        return post(request -> message(request) != null && method.equals(message(request).path("method").asText()));
    }

    /** The body as JSON, or {@code null} when it is not JSON. */
    static JsonNode message(CaseRequest request) {
        if (request.body() == null) {
            return null;
        }
        try {
            return MAPPER.readTree(new String(request.body(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return null;
        }
    }

    /** A header of the request, its name in any case, or {@code null}. */
    private static String header(CaseRequest request, String name) {
        return request.headers().stream().filter(header -> header.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue).findFirst().orElse(null);
    }
}
