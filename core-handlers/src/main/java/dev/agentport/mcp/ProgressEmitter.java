package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.agent.Cancellation;
import dev.agentport.agent.Progress;
import dev.agentport.agent.RunEmitter;

/**
 * Turns a streaming run's events into {@code notifications/progress}, in the messages of the Pallas interface, with
 * one strictly rising counter per request: the agent's progress ({@code {agent} step N (llm)} when it gives no
 * message of its own), a tool call ({@code {agent}/{tool}: started}) and a step ({@code {agent}/{step}: completed}, or
 * {@code failed} when its result has an {@code error}). Reply text, status lines and artifacts are not progress.
 */
final class ProgressEmitter implements RunEmitter {

    private final McpCall call;
    private final String agent;
    private final Cancellation cancellation;
    private long counter;

    ProgressEmitter(McpCall call, String agent, Cancellation cancellation) {
        this.call = call;
        this.agent = agent;
        this.cancellation = cancellation;
    }

    @Override
    public void progress(Progress progress) {
        String message = progress.message() != null ? progress.message()
                : agent + " step " + progress.step() + " (llm)";
        send(message);
    }

    @Override
    public void toolCall(String name, JsonNode args) {
        send(agent + "/" + name + ": started");
    }

    @Override
    public void step(String description, JsonNode result) {
        boolean failed = result != null && result.isObject() && result.hasNonNull("error");
        send(agent + "/" + description + ": " + (failed ? "failed" : "completed"));
    }

    @Override
    public void delta(String text) {
        cancellation.check();
    }

    private void send(String message) {
        cancellation.check();
        counter++;
        call.progress(counter, null, message);
    }
}
