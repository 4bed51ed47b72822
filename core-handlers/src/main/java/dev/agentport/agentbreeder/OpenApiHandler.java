package dev.agentport.agentbreeder;

import dev.agentport.agent.AgentDescriptor;
import dev.agentport.card.AgentCard;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;

/**
 * {@code GET /openapi.json}: the {@link OpenApiDocument}, built when it is first asked for rather than at start-up,
 * where reading its schemas was about a tenth of a Lambda cold start; the same bytes every time after.
 */
final class OpenApiHandler implements Handler {

    private final AgentDescriptor agent;
    private final AgentCard card;
    private volatile byte[] document;

    OpenApiHandler(AgentDescriptor agent, AgentCard card) {
        this.agent = agent;
        this.card = card;
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        return HttpResponse.builder(200).contentType(ErrorEnvelope.JSON).body(document()).build();
    }

    private byte[] document() {
        byte[] built = document;
        if (built == null) {
            synchronized (this) {
                built = document;
                if (built == null) {
                    built = Json.bytes(OpenApiDocument.build(agent, card.bearerAuth(), card.resume(), card.url()));
                    document = built;
                }
            }
        }
        return built;
    }
}
