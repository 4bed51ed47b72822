package dev.agentport.a2a;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;

import java.io.IOException;

/**
 * An A2A request's params object read in one pass: a {@code message} object bound to its fields (the send's, the
 * hot path), every other member as a tree ({@code configuration}, {@code metadata}, the other methods' fields).
 *
 * @param members every member but a {@code message} object
 * @param message the {@code message} member when it is an object, else {@code null} (and in {@code members})
 */
public record A2aParams(ObjectNode members, MessageFields message) {

    /** No params: an empty object. */
    public static A2aParams empty() {
        return new A2aParams(Json.object(), null);
    }

    /** Reads the object at the parser's current token ({@code START_OBJECT}) to its end. */
    public static A2aParams read(JsonParser parser) throws IOException {
        ObjectNode members = Json.object();
        MessageFields message = null;
        for (String field = parser.nextFieldName(); field != null; field = parser.nextFieldName()) {
            JsonToken value = parser.nextToken();
            if (field.equals("message") && value == JsonToken.START_OBJECT) {
                message = MessageFields.read(parser);
            } else {
                members.set(field, Json.tree(parser));
            }
        }
        return new A2aParams(members, message);
    }
}
