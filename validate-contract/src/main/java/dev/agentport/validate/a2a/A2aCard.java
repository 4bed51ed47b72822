package dev.agentport.validate.a2a;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.RuleSkipped;
import dev.agentport.validate.Shape;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * The agent card at {@code /.well-known/agent-card.json} (0.3 and 1.0 serve it there), read once per run, and the
 * interfaces it declares: 1.0's {@code supportedInterfaces}, and 0.3's {@code url} with {@code preferredTransport}
 * (JSON-RPC by default) and {@code additionalInterfaces}.
 */
record A2aCard(JsonNode body, List<Endpoint> endpoints) {

    static final String PATH = "/.well-known/agent-card.json";
    static final String JSONRPC = "JSONRPC";
    static final String HTTP_JSON = "HTTP+JSON";

    /** The card; a rule fails when it is not served as a JSON object. */
    static A2aCard of(Probe probe) {
        return probe.remember("a2a.card", () -> {
            Answer answer = probe.send(Request.get(PATH));
            Expect.status(answer, 200);
            Expect.mediaType(answer, "application/json");
            JsonNode body = Shape.object(answer.json(), "the agent card at " + PATH);
            return new A2aCard(body, endpoints(body));
        });
    }

    /** The interface of the binding in the version, or a skip saying the card does not declare it. */
    Endpoint endpoint(String binding, Version version) {
        for (Endpoint endpoint : endpoints) {
            if (endpoint.binding().equals(binding) && endpoint.version() == version) {
                return endpoint;
            }
        }
        throw new RuleSkipped("the agent card declares no " + binding + " interface for A2A " + version.number);
    }

    boolean declares(String binding, Version version) {
        return endpoints.stream().anyMatch(e -> e.binding().equals(binding) && e.version() == version);
    }

    /** The interface the error rules use: JSON-RPC 1.0 when declared, otherwise 0.3. */
    Endpoint jsonRpc() {
        return declares(JSONRPC, Version.V1_0) ? endpoint(JSONRPC, Version.V1_0) : endpoint(JSONRPC, Version.V0_3);
    }

    boolean streaming() {
        return body.at("/capabilities/streaming").asBoolean(false);
    }

    /** Whether {@code capabilities.extensions} lists the extension. */
    boolean declaresExtension(String uri) {
        for (JsonNode extension : body.at("/capabilities/extensions")) {
            if (uri.equals(extension.path("uri").asText())) {
                return true;
            }
        }
        return false;
    }

    static List<Endpoint> endpoints(JsonNode card) {
        List<Endpoint> endpoints = new ArrayList<>();
        for (JsonNode entry : card.path("supportedInterfaces")) {
            Version version = Version.named(entry.path("protocolVersion").asText(null));
            add(endpoints, version, entry.path("protocolBinding").asText(""), entry.path("url").asText(""));
        }
        Version declared = Version.named(card.path("protocolVersion").asText(null));
        if (declared == Version.V0_3 && card.path("url").isTextual()) {
            add(endpoints, declared, card.path("preferredTransport").asText(JSONRPC), card.get("url").asText());
            for (JsonNode entry : card.path("additionalInterfaces")) {
                add(endpoints, declared, entry.path("transport").asText(""), entry.path("url").asText(""));
            }
        }
        return List.copyOf(endpoints);
    }

    private static void add(List<Endpoint> endpoints, Version version, String binding, String url) {
        if (version == null || binding.isEmpty() || url.isEmpty()) {
            return;
        }
        boolean known = endpoints.stream().anyMatch(e -> e.version() == version && e.binding().equals(binding));
        if (!known) {
            endpoints.add(new Endpoint(version, binding, url, path(url)));
        }
    }

    private static String path(String url) {
        try {
            String path = URI.create(url).getRawPath();
            return path == null || path.isEmpty() ? "/" : path;
        } catch (IllegalArgumentException e) {
            return "/";
        }
    }

    /** What the card declares, for detection: {@code JSONRPC 1.0 at /a2a, JSONRPC 0.3 at /a2a}. */
    String summary() {
        List<String> parts = new ArrayList<>();
        for (Endpoint endpoint : endpoints) {
            parts.add(endpoint.binding() + " " + endpoint.version().number + " at " + endpoint.path());
        }
        return String.join(", ", parts);
    }
}
