package dev.agentport.daedalus;

import dev.agentport.a2a.A2aAgentCard;
import dev.agentport.a2a.PublicUrl;
import dev.agentport.card.AgentCard;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;

/**
 * {@code GET /.well-known/agent-card.json}: the A2A card. Rendered once when {@code AGENT_PUBLIC_URL} is set; otherwise
 * per request, since its {@code url} comes from the request's {@code Host}.
 */
final class AgentCardHandler implements Handler {

    private final AgentCard card;
    private final byte[] rendered;

    AgentCardHandler(AgentCard card) {
        this.card = card;
        this.rendered = card.url() == null ? null : Json.bytes(A2aAgentCard.render(card, PublicUrl.of(null, card.url())));
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        byte[] body = rendered != null ? rendered
                : Json.bytes(A2aAgentCard.render(card, PublicUrl.of(request, null)));
        return HttpResponse.builder(200).contentType(DaedalusErrors.JSON).body(body).build();
    }
}
