package dev.agentport.defaultagent;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;
import dev.agentport.json.LazyObjectNode;

import java.io.IOException;

/**
 * The result of the agent's first step, {@code {"earlier_turns","words"}}: a tree made only when read, since most
 * faces pass steps over (the A2A tasks) and the others write it.
 *
 * @param earlierTurns turns of the session before this one
 * @param words        words of the input
 */
record SessionRead(int earlierTurns, int words) implements LazyObjectNode.Source {

    ObjectNode json() {
        return new LazyObjectNode(this);
    }

    @Override
    public int size() {
        return 2;
    }

    @Override
    public ObjectNode tree() {
        ObjectNode seen = Json.object();
        seen.put("earlier_turns", earlierTurns);
        seen.put("words", words);
        return seen;
    }

    @Override
    public void write(JsonGenerator out) throws IOException {
        out.writeStartObject();
        out.writeNumberField("earlier_turns", earlierTurns);
        out.writeNumberField("words", words);
        out.writeEndObject();
    }
}
