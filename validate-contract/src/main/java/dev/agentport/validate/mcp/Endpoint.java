package dev.agentport.validate.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Probe;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.http.Request;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Where the MCP endpoint is, and which era of the protocol it speaks: the first of {@code /mcp}, the path of the
 * registry document's {@code streamable-http} remote, and the URL itself, whose answer to {@code initialize} is a
 * result naming a {@code protocolVersion} (the versions negotiated with {@code initialize}) or one of the errors only
 * 2026-07-28 has (a server of that version alone, which has no {@code initialize}). Found once per run.
 *
 * @param path     the endpoint's path, relative to the URL under test ({@code ""} for the URL itself)
 * @param legacy   whether it answers {@code initialize}
 * @param evidence what showed it
 */
record Endpoint(String path, boolean legacy, String evidence) {

    static final String DEFAULT_PATH = "/mcp";
    /** The errors of 2026-07-28: a header that does not match the body, a missing capability, a version. */
    static final Set<Integer> MODERN_ERRORS = Set.of(-32020, -32021, -32022);

    static Endpoint of(Probe probe) {
        return probe.remember("mcp.endpoint", () -> find(probe));
    }

    private static Endpoint find(Probe probe) {
        List<String> tried = new ArrayList<>();
        Endpoint endpoint = probe(probe, DEFAULT_PATH, tried);
        String registered = endpoint == null ? registeredPath(probe) : null;
        if (endpoint == null && registered != null && !registered.equals(DEFAULT_PATH)) {
            endpoint = probe(probe, registered, tried);
        }
        if (endpoint == null) {
            endpoint = probe(probe, "", tried);
        }
        if (endpoint == null) {
            throw new RuleFailed("no MCP endpoint answers initialize: " + String.join("; ", tried));
        }
        return endpoint;
    }

    private static Endpoint probe(Probe probe, String path, List<String> tried) {
        String id = Messages.nextId();
        Reply reply = Reply.of("initialize (POST " + shown(path) + ")", probe.send(Request.post(path).authorized()
                .header("Accept", Session.ACCEPT)
                .json(Messages.write(Messages.request(id, "initialize",
                        Messages.initializeParams(Messages.V2025_11_25))))));
        for (JsonNode message : reply.messages()) {
            JsonNode version = message.at("/result/protocolVersion");
            if (Reply.isResponse(message) && version.isTextual()) {
                return new Endpoint(path, true, "POST " + shown(path) + " answered initialize with protocolVersion "
                        + version.asText() + " (" + reply.answer().mediaType() + ")");
            }
        }
        JsonNode error = reply.error();
        if (error != null && MODERN_ERRORS.contains(error.path("code").asInt())) {
            return new Endpoint(path, false, "POST " + shown(path) + " answered initialize with the 2026-07-28 error "
                    + error.path("code").asInt() + ", so it serves that version alone");
        }
        String excerpt = reply.answer().excerpt();
        tried.add("POST " + shown(path) + " answered " + reply.status() + " "
                + (excerpt.length() > 80 ? excerpt.substring(0, 80) + "..." : excerpt));
        return null;
    }

    /** The path of the registry document's first streamable-http remote, or {@code null}. */
    private static String registeredPath(Probe probe) {
        try {
            for (JsonNode entry : RegistryRules.document(probe).path("servers")) {
                for (JsonNode remote : entry.at("/server/remotes")) {
                    if ("streamable-http".equals(remote.path("type").asText())) {
                        String path = URI.create(remote.path("url").asText()).getRawPath();
                        return path == null || path.isEmpty() ? null : path;
                    }
                }
            }
        } catch (RuntimeException e) {
            // No registry document, or none to read: the other candidates remain.
        }
        return null;
    }

    static String shown(String path) {
        return path.isEmpty() ? "(the URL itself)" : path;
    }
}
