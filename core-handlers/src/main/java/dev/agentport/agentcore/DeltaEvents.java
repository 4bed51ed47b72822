package dev.agentport.agentcore;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.agent.RunEmitter;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.json.Json;
import dev.agentport.runtime.Frames;

/**
 * A streaming run's text as {@code data: {"delta":"..."}} events. Steps and tool calls are the agent's own business
 * here: the contract's stream carries the answer's text and the final answer only.
 */
final class DeltaEvents implements RunEmitter {

    private final Frames frames;

    DeltaEvents(Frames frames) {
        this.frames = frames;
    }

    @Override
    public void delta(String text) {
        frames.emit(ServerSentEvents.data(Json.write(Json.object().put("delta", text))));
    }

    @Override
    public void step(String description, JsonNode result) {
    }

    @Override
    public void toolCall(String name, JsonNode args) {
    }
}
