package dev.agentport.agentcore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.RunInput;
import dev.agentport.json.Json;

import java.util.List;

/**
 * One {@code POST /invocations} payload as the agent gets it. The payload has no fixed shape: an object whose
 * {@code prompt}, {@code input} or {@code message} (looked for in that order) is a string is read as that text, and
 * its other members go to the agent as {@code payload} metadata; any other JSON is the input unchanged.
 *
 * @param input the run's input
 * @param rest  the payload's members besides the text, or {@code null} when there are none or the payload is the input
 */
record Invocation(RunInput input, ObjectNode rest) {

    static final List<String> TEXT_FIELDS = List.of("prompt", "input", "message");

    static Invocation of(JsonNode payload) {
        if (payload.isObject()) {
            for (String field : TEXT_FIELDS) {
                JsonNode text = payload.get(field);
                if (text != null && text.isTextual()) {
                    ObjectNode rest = ((ObjectNode) payload).deepCopy();
                    rest.remove(field);
                    return new Invocation(RunInput.of(text.asText()), rest.isEmpty() ? null : rest);
                }
            }
        }
        return new Invocation(new RunInput(payload), null);
    }

    /** What the agent sees besides the input: the platform's headers ({@link PlatformHeaders}) and {@code payload}. */
    ObjectNode metadata(ObjectNode fromHeaders) {
        ObjectNode metadata = Json.object();
        metadata.setAll(fromHeaders);
        if (rest != null) {
            metadata.set("payload", rest);
        }
        return metadata;
    }
}
