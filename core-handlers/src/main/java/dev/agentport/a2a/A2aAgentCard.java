package dev.agentport.a2a;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.card.AgentCard;
import dev.agentport.card.CardFields;
import dev.agentport.json.Json;

import java.util.List;
import java.util.Set;

/**
 * The A2A agent card ({@code /.well-known/agent-card.json}), readable by A2A 0.3 clients ({@code url},
 * {@code protocolVersion}, {@code preferredTransport}, {@code securitySchemes}/{@code security}), by A2A 1.0 clients
 * ({@code supportedInterfaces}) and by Daedalus (non-empty modes, skills with tags).
 */
public final class A2aAgentCard {

    /** The A2A protocol version the card's top-level fields follow. */
    public static final String PROTOCOL_VERSION = "0.3.0";
    public static final String PREFERRED_TRANSPORT = "JSONRPC";
    private static final Set<String> A2A_BINDINGS = Set.of("JSONRPC", "GRPC", "HTTP+JSON");

    private A2aAgentCard() {
    }

    /** @param baseUrl the server's public base URL, ending with {@code /} */
    public static ObjectNode render(AgentCard agent, String baseUrl) {
        ObjectNode card = Json.object();
        card.put("name", agent.name());
        card.put("description", agent.description());
        card.put("version", agent.version());
        card.put("url", baseUrl);
        card.put("protocolVersion", PROTOCOL_VERSION);
        card.put("preferredTransport", PREFERRED_TRANSPORT);
        ArrayNode interfaces = card.putArray("supportedInterfaces");
        for (AgentCard.Interface endpoint : a2aInterfaces(agent.interfaces())) {
            interfaces.addObject()
                    .put("url", resolve(baseUrl, endpoint.path()))
                    .put("protocolBinding", endpoint.protocolBinding())
                    .put("protocolVersion", endpoint.protocolVersion());
        }
        CardFields.modes(card);
        card.set("capabilities", capabilities(agent));
        CardFields.security(card, agent);
        ArrayNode skills = card.putArray("skills");
        for (AgentDescriptor.Skill skill : agent.skillsOrDefault()) {
            ObjectNode node = skills.addObject();
            node.put("id", skill.id());
            node.put("name", skill.name());
            node.put("description", skill.description().isBlank() ? agent.description() : skill.description());
            node.set("tags", Json.MAPPER.valueToTree(skill.tags()));
            if (skill.examples() != null && !skill.examples().isEmpty()) {
                node.set("examples", Json.MAPPER.valueToTree(skill.examples()));
            }
        }
        return card;
    }

    private static ObjectNode capabilities(AgentCard agent) {
        ObjectNode capabilities = Json.object();
        capabilities.put("streaming", true);
        capabilities.put("pushNotifications", false);
        if (!agent.extensions().isEmpty()) {
            ArrayNode extensions = capabilities.putArray("extensions");
            for (AgentCard.Extension extension : agent.extensions()) {
                extensions.addObject().put("uri", extension.uri()).put("description", extension.description())
                        .put("required", extension.required());
            }
        }
        return capabilities;
    }

    /**
     * The interfaces in A2A's own bindings ({@code JSONRPC}, {@code GRPC}, {@code HTTP+JSON}) when a face serves one;
     * otherwise every declared interface (Daedalus's own endpoint stands in while no A2A binding is served).
     */
    private static List<AgentCard.Interface> a2aInterfaces(List<AgentCard.Interface> declared) {
        List<AgentCard.Interface> standard = declared.stream()
                .filter(endpoint -> A2A_BINDINGS.contains(endpoint.protocolBinding())).toList();
        return standard.isEmpty() ? declared : standard;
    }

    private static String resolve(String baseUrl, String path) {
        return baseUrl + (path.startsWith("/") ? path.substring(1) : path);
    }
}
