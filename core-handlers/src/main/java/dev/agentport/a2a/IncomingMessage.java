package dev.agentport.a2a;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Part;

import java.io.IOException;
import java.util.List;

/**
 * The caller's message, read leniently: unknown fields are ignored, ids that are missing, empty or not strings read as
 * {@code null}, unreadable parts are skipped. Only a message that is not an object is refused, by the face.
 *
 * @param messageId its id, or {@code null}
 * @param taskId    the task it continues or names, or {@code null}
 * @param contextId the conversation it belongs to, or {@code null}
 * @param parts     its readable parts
 * @param metadata  its metadata object, or {@code null}
 */
public record IncomingMessage(String messageId, String taskId, String contextId, List<Part> parts,
                              ObjectNode metadata) {

    public IncomingMessage {
        parts = List.copyOf(parts);
    }

    public static IncomingMessage read(ObjectNode message) {
        return MessageFields.of(message).incoming();
    }

    /** Reads the object at the parser's current token ({@code START_OBJECT}) to its end, to what {@link #read} reads. */
    public static IncomingMessage read(JsonParser parser) throws IOException {
        return MessageFields.read(parser).incoming();
    }

    /** Whether some part carries text. */
    public boolean hasText() {
        for (Part part : parts) {
            if (part instanceof Part.Text) {
                return true;
            }
        }
        return false;
    }

    /** The first data part's value, or {@code null}. */
    public JsonNode firstData() {
        return parts.stream().filter(Part.Data.class::isInstance).map(part -> ((Part.Data) part).data())
                .findFirst().orElse(null);
    }
}
