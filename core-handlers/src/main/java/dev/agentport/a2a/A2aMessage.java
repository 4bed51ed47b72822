package dev.agentport.a2a;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Part;
import dev.agentport.json.Json;

import java.util.List;

/**
 * An A2A message as the server writes it (the agent's questions and failure notes).
 *
 * @param messageId its id
 * @param role      {@code "agent"} or {@code "user"}
 * @param parts     its content
 * @param taskId    the task it belongs to, or {@code null}
 * @param contextId the context it belongs to, or {@code null}
 */
public record A2aMessage(String messageId, String role, List<Part> parts, String taskId, String contextId) {

    public A2aMessage {
        parts = List.copyOf(parts);
    }

    /** A one-text-part message from the agent. */
    public static A2aMessage agentText(String messageId, String text, String taskId, String contextId) {
        return new A2aMessage(messageId, "agent", List.of(Part.text(text)), taskId, contextId);
    }

    public ObjectNode toJson() {
        ObjectNode node = Json.object();
        node.put("kind", "message");
        node.put("messageId", messageId);
        node.put("role", role);
        node.set("parts", Parts.write(parts));
        if (taskId != null) {
            node.put("taskId", taskId);
        }
        if (contextId != null) {
            node.put("contextId", contextId);
        }
        return node;
    }
}
