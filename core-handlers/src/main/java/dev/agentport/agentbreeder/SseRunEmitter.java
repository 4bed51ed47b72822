package dev.agentport.agentbreeder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.RunEmitter;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.json.Json;
import dev.agentport.runtime.Frames;

/** Encodes what a streaming run emits as AgentBreeder SSE frames. */
final class SseRunEmitter implements RunEmitter {

    private final Frames frames;

    SseRunEmitter(Frames frames) {
        this.frames = frames;
    }

    @Override
    public void delta(String text) {
        ObjectNode data = Json.object();
        data.put("delta", text);
        frames.emit(ServerSentEvents.data(Json.write(data)));
    }

    @Override
    public void step(String description, JsonNode result) {
        ObjectNode data = Json.object();
        data.put("description", description);
        data.set("result", result);
        frames.emit(ServerSentEvents.event("step", Json.write(data)));
    }

    @Override
    public void toolCall(String name, JsonNode args) {
        ObjectNode data = Json.object();
        data.put("name", name);
        data.set("args", args == null ? Json.object() : args);
        frames.emit(ServerSentEvents.event("tool_call", Json.write(data)));
    }
}
