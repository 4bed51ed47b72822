package dev.agentport.daedalus;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.a2a.IncomingMessage;
import dev.agentport.json.BodyProblem;
import dev.agentport.json.Json;
import dev.agentport.json.JsonBodyReader;

import java.io.IOException;

/**
 * The body of {@code POST /} read in one pass ({@link JsonBodyReader#read(dev.agentport.http.HttpRequest,
 * JsonBodyReader.BodyParser)}): its {@code message} object bound to the message's fields, every other member passed
 * over. The whole document is read before anything is checked, so a body that is not JSON is refused by the parser as
 * when it was read as a tree, and the checks keep their order and wording.
 */
final class MessageBody {

    private MessageBody() {
    }

    static IncomingMessage read(JsonParser parser) throws IOException {
        JsonBodyReader.startObject(parser);
        IncomingMessage message = null;
        JsonNode notAnObject = null; // the message member when it is not an object
        for (String field = parser.nextFieldName(); field != null; field = parser.nextFieldName()) {
            JsonToken value = parser.nextToken();
            if (!field.equals("message")) {
                Json.skip(parser);
            } else if (value == JsonToken.START_OBJECT) {
                message = IncomingMessage.read(parser);
            } else {
                notAnObject = Json.tree(parser);
            }
        }
        Json.requireEnd(parser);
        if (message == null) {
            throw new BodyProblem(BodyProblem.Kind.NOT_AN_OBJECT, notAnObject == null
                    ? "request body needs a message object"
                    : "message must be an object, got " + JsonBodyReader.kind(notAnObject));
        }
        return message;
    }
}
