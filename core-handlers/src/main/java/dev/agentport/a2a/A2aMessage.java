package dev.agentport.a2a;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.agentport.agent.Part;

import java.io.IOException;
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
public record A2aMessage(String messageId, String role, List<Part> parts, String taskId, String contextId)
        implements WireValue {

    public A2aMessage {
        parts = List.copyOf(parts);
    }

    /** A one-text-part message from the agent. */
    public static A2aMessage agentText(String messageId, String text, String taskId, String contextId) {
        return new A2aMessage(messageId, "agent", List.of(Part.text(text)), taskId, contextId);
    }

    @Override
    public void write(JsonGenerator out) throws IOException {
        write(out, ProtoJsonEdits.OFF);
    }

    void write(JsonGenerator out, ProtoJsonEdits edits) throws IOException {
        out.writeStartObject();
        int kind = edits.at(out);
        out.writeStringField("kind", "message");
        edits.dropMember(kind, out);
        out.writeStringField("messageId", messageId);
        int roleFrom = edits.at(out);
        out.writeStringField("role", role);
        edits.role(roleFrom, out, role);
        out.writeArrayFieldStart("parts");
        for (Part part : parts) {
            Parts.write(out, part, edits);
        }
        out.writeEndArray();
        if (taskId != null) {
            out.writeStringField("taskId", taskId);
        }
        if (contextId != null) {
            out.writeStringField("contextId", contextId);
        }
        out.writeEndObject();
    }
}
