package dev.agentport.agentbreeder;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.card.AgentCard;
import dev.agentport.card.CardFields;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;

import java.util.List;

/**
 * {@code GET /.well-known/agent.json}: the AgentBreeder card ({@code name}, {@code version}, {@code endpoints},
 * {@code protocol}) with the fields A2A readers look for (description, skills, capabilities, input and output modes,
 * security), rendered from the shared {@link AgentCard} when first asked for, not while the face is mounted: a cold
 * start's first answer does not wait for it.
 */
final class AgentCardHandler implements Handler {

    private final AgentCard agent;
    /** The card's bytes once rendered; two first requests at once may both render it, to the same bytes. */
    private volatile byte[] card;

    AgentCardHandler(AgentCard agent) {
        this.agent = agent;
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        byte[] bytes = card;
        if (bytes == null) {
            bytes = Json.bytes(render(agent));
            card = bytes;
        }
        return HttpResponse.builder(200).contentType(ErrorEnvelope.JSON).body(bytes).build();
    }

    static ObjectNode render(AgentCard agent) {
        ObjectNode card = Json.object();
        card.put("name", agent.name());
        card.put("version", agent.version());
        card.put("description", agent.description());
        if (agent.framework() != null) {
            card.put("framework", agent.framework());
        }
        card.put("protocol", "agentbreeder-runtime-v1");
        if (agent.url() != null) {
            card.put("url", agent.url());
        }
        ObjectNode endpoints = card.putObject("endpoints");
        endpoints.put("invoke", AgentBreederApi.INVOKE);
        endpoints.put("stream", AgentBreederApi.STREAM);
        if (agent.resume()) {
            endpoints.put("resume", AgentBreederApi.RESUME);
        }
        endpoints.put("health", AgentBreederApi.HEALTH);
        endpoints.put("openapi", AgentBreederApi.OPENAPI);
        ObjectNode capabilities = card.putObject("capabilities");
        capabilities.put("streaming", true);
        capabilities.put("pushNotifications", false);
        capabilities.put("resume", agent.resume());
        CardFields.modes(card);
        CardFields.security(card, agent);
        ArrayNode skills = card.putArray("skills");
        for (AgentDescriptor.Skill skill : agent.skills()) {
            ObjectNode node = skills.addObject();
            node.put("id", skill.id());
            node.put("name", skill.name());
            node.put("description", skill.description());
            // added one by one, not through valueToTree: Jackson's serializer lookup for a List introspects it as a bean
            strings(node.putArray("tags"), skill.tags());
            strings(node.putArray("examples"), skill.examples());
        }
        return card;
    }

    private static void strings(ArrayNode array, List<String> values) {
        for (String value : values) {
            array.add(value);
        }
    }
}
