package dev.agentport.daedalus;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.PublicUrl;
import dev.agentport.card.AgentCard;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;

/**
 * {@code GET /runtime-contract.json}: the Daedalus contract manifest, declaring conformance level 3. The port is the
 * configured one; when the server picked a free port ({@code PORT=0}), the one the caller reached it on.
 */
final class RuntimeManifest implements Handler {

    static final String PATH = "/runtime-contract.json";

    private final AgentCard card;
    private final int configuredPort;

    RuntimeManifest(AgentCard card, int configuredPort) {
        this.card = card;
        this.configuredPort = configuredPort;
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        int port = configuredPort > 0 ? configuredPort : PublicUrl.port(request, 8080);
        return HttpResponse.builder(200).contentType(DaedalusErrors.JSON).body(Json.bytes(render(port))).build();
    }

    ObjectNode render(int port) {
        ObjectNode manifest = Json.object();
        manifest.put("contractVersion", "v1");
        manifest.putObject("runtime")
                .put("name", card.name())
                .put("version", card.version())
                .put("description", card.description());
        manifest.putObject("server")
                .put("port", port)
                .put("healthPath", DaedalusFace.HEALTH)
                .put("agentCardPath", DaedalusFace.AGENT_CARD)
                .put("taskPath", DaedalusFace.TASKS);
        manifest.putObject("capabilities")
                .put("streaming", true)
                .put("traceContext", true)
                .put("gracefulShutdown", true)
                .put("contextCompaction", true);
        manifest.put("conformanceLevel", 3);
        return manifest;
    }
}
