package dev.agentport.agentbreeder;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;

/**
 * {@code GET /.well-known/agent.json}: the AgentBreeder card ({@code name}, {@code version}, {@code endpoints},
 * {@code protocol}) with the fields A2A readers look for (description, skills, capabilities, input and output modes,
 * security). Built once.
 */
final class AgentCardHandler implements Handler {

    private final byte[] card;

    AgentCardHandler(AgentDescriptor agent, boolean authEnabled, boolean resumeSupported, String publicUrl) {
        this.card = Json.bytes(card(agent, authEnabled, resumeSupported, publicUrl));
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        return HttpResponse.builder(200).contentType(ErrorEnvelope.JSON).body(card).build();
    }

    static ObjectNode card(AgentDescriptor agent, boolean authEnabled, boolean resumeSupported, String publicUrl) {
        ObjectNode card = Json.object();
        card.put("name", agent.name());
        card.put("version", agent.version());
        card.put("description", agent.description());
        if (agent.framework() != null) {
            card.put("framework", agent.framework());
        }
        card.put("protocol", "agentbreeder-runtime-v1");
        if (publicUrl != null) {
            card.put("url", publicUrl);
        }
        ObjectNode endpoints = card.putObject("endpoints");
        endpoints.put("invoke", AgentBreederApi.INVOKE);
        endpoints.put("stream", AgentBreederApi.STREAM);
        if (resumeSupported) {
            endpoints.put("resume", AgentBreederApi.RESUME);
        }
        endpoints.put("health", AgentBreederApi.HEALTH);
        endpoints.put("openapi", AgentBreederApi.OPENAPI);
        ObjectNode capabilities = card.putObject("capabilities");
        capabilities.put("streaming", true);
        capabilities.put("pushNotifications", false);
        capabilities.put("resume", resumeSupported);
        card.putArray("defaultInputModes").add("text/plain").add("application/json");
        card.putArray("defaultOutputModes").add("text/plain").add("application/json");
        if (authEnabled) {
            card.putObject("securitySchemes").putObject("bearerAuth").put("type", "http").put("scheme", "bearer");
            card.putArray("security").addObject().putArray("bearerAuth");
        }
        ArrayNode skills = card.putArray("skills");
        for (AgentDescriptor.Skill skill : agent.skills()) {
            ObjectNode node = skills.addObject();
            node.put("id", skill.id());
            node.put("name", skill.name());
            node.put("description", skill.description());
            node.set("tags", Json.MAPPER.valueToTree(skill.tags()));
            node.set("examples", Json.MAPPER.valueToTree(skill.examples()));
        }
        return card;
    }
}
