package dev.agentport.validate.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Pallas, section 1: {@code GET /.well-known/mcp/server.json}, the registry's list of the agents it hosts, in the shape
 * of the MCP registry's server list. It needs no token.
 */
final class RegistryRules {

    static final String PATH = "/.well-known/mcp/server.json";
    /** The MCP registry's server name: a reverse-DNS namespace, one slash, a name. */
    private static final Pattern NAME = Pattern.compile("[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+");
    private static final int MAX_DESCRIPTION = 100;

    private RegistryRules() {
    }

    /** The registry document, fetched once per run; skips when this URL serves none. */
    static JsonNode document(Probe probe) {
        return probe.remember("mcp.registry", () -> {
            Answer answer = probe.send(Request.get(PATH).header("Accept", "application/json"));
            if (answer.status() == 404) {
                throw Expect.skip("GET " + PATH + " answered 404: this URL serves no registry document (Pallas "
                        + "serves it on the registry's own port; point the command there to check it)");
            }
            if (answer.status() == 401 || answer.status() == 403) {
                throw new RuleFailed("GET " + PATH + " answered " + answer.status()
                        + ", but the registry document is served without a token");
            }
            Expect.status(answer, 200);
            Expect.mediaType(answer, "application/json");
            JsonNode document = answer.json();
            JsonNode servers = document.path("servers");
            Expect.that(servers.isArray() && !servers.isEmpty(), "GET " + PATH
                    + " has no servers array with an entry: " + answer.excerpt());
            return document;
        });
    }

    static void isAServerList(Probe probe) {
        for (JsonNode entry : document(probe).get("servers")) {
            Expect.that(entry.path("server").isObject(), "a registry entry has no server object: " + entry);
        }
    }

    static void namesAreReverseDns(Probe probe) {
        for (JsonNode server : servers(probe)) {
            String name = Expect.text(server, "/name", "a registry entry's server");
            Expect.that(NAME.matcher(name).matches() && name.length() <= 200, "the registry's server name \"" + name
                    + "\" is not a reverse-DNS name with one slash, e.g. com.example/research");
        }
    }

    static void haveAStreamableHttpRemote(Probe probe) {
        for (JsonNode server : servers(probe)) {
            String name = server.path("name").asText("?");
            boolean found = false;
            for (JsonNode remote : server.path("remotes")) {
                if ("streamable-http".equals(remote.path("type").asText())) {
                    String url = remote.path("url").asText("");
                    Expect.that(isHttpUrl(url), "the streamable-http remote of " + name
                            + " has no absolute http(s) url: " + remote);
                    found = true;
                }
            }
            Expect.that(found, "the registry's server " + name + " lists no remote of type streamable-http: "
                    + server.path("remotes"));
        }
    }

    static void optionalFieldsHaveTheirTypes(Probe probe) {
        for (JsonNode server : servers(probe)) {
            String name = server.path("name").asText("?");
            for (String field : new String[] {"title", "description", "version"}) {
                JsonNode value = server.get(field);
                Expect.that(value == null || value.isTextual(), name + "'s " + field + " is not a string: " + value);
            }
            JsonNode description = server.get("description");
            Expect.that(description == null || description.asText().length() <= MAX_DESCRIPTION, name
                    + "'s description is longer than the registry's " + MAX_DESCRIPTION + " characters");
            JsonNode icons = server.get("icons");
            if (icons != null) {
                Expect.that(icons.isArray(), name + "'s icons is not an array: " + icons);
                for (JsonNode icon : icons) {
                    Expect.that(icon.path("src").isTextual(), name + " has an icon without a src: " + icon);
                }
            }
            JsonNode capabilities = server.get("capabilities");
            if (capabilities != null) {
                Expect.that(capabilities.isObject(), name + "'s capabilities is not an object: " + capabilities);
                expectType(name, capabilities, "model", JsonNode::isTextual, "a string");
                expectType(name, capabilities, "vision", JsonNode::isBoolean, "a boolean");
                expectType(name, capabilities, "context_window", JsonNode::isIntegralNumber, "an integer");
                expectType(name, capabilities, "max_output_tokens", JsonNode::isIntegralNumber, "an integer");
            }
        }
    }

    private static void expectType(String name, JsonNode object, String field,
                                   Predicate<JsonNode> type, String typeName) {
        JsonNode value = object.get(field);
        Expect.that(value == null || value.isNull() || type.test(value), name + "'s capabilities." + field
                + " is not " + typeName + ": " + value);
    }

    /** The server object of every entry, each checked to be there. */
    private static List<JsonNode> servers(Probe probe) {
        isAServerList(probe);
        List<JsonNode> servers = new ArrayList<>();
        document(probe).get("servers").forEach(entry -> servers.add(entry.get("server")));
        return servers;
    }

    private static boolean isHttpUrl(String url) {
        try {
            URI uri = new URI(url);
            return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null;
        } catch (java.net.URISyntaxException e) {
            return false;
        }
    }
}
