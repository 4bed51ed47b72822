package dev.agentport.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Progress;
import dev.agentport.agent.RunEmitter;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps everything a streaming run emits, in order, and passes it on to another emitter (or nowhere). */
public final class RecordingEmitter implements RunEmitter {

    /** One emitted event: its kind ("delta", "step", "tool_call", "artifact", "progress", "status") and value. */
    public record Event(String kind, Object value) {
    }

    private final RunEmitter next;
    private final List<Event> events = new CopyOnWriteArrayList<>();

    public RecordingEmitter() {
        this(null);
    }

    public RecordingEmitter(RunEmitter next) {
        this.next = next;
    }

    public List<Event> events() {
        return List.copyOf(events);
    }

    public List<String> kinds() {
        return events.stream().map(Event::kind).toList();
    }

    public List<String> deltas() {
        return values("delta", String.class);
    }

    public List<Progress> progress() {
        return values("progress", Progress.class);
    }

    public List<String> statuses() {
        return values("status", String.class);
    }

    public List<Artifact> artifacts() {
        return values("artifact", Artifact.class);
    }

    private <T> List<T> values(String kind, Class<T> type) {
        return events.stream().filter(e -> e.kind().equals(kind)).map(e -> type.cast(e.value())).toList();
    }

    @Override
    public void delta(String text) {
        events.add(new Event("delta", text));
        if (next != null) {
            next.delta(text);
        }
    }

    @Override
    public void step(String description, JsonNode result) {
        events.add(new Event("step", description));
        if (next != null) {
            next.step(description, result);
        }
    }

    @Override
    public void toolCall(String name, JsonNode args) {
        events.add(new Event("tool_call", name));
        if (next != null) {
            next.toolCall(name, args);
        }
    }

    @Override
    public void artifact(Artifact artifact) {
        events.add(new Event("artifact", artifact));
        if (next != null) {
            next.artifact(artifact);
        }
    }

    @Override
    public void progress(Progress progress) {
        events.add(new Event("progress", progress));
        if (next != null) {
            next.progress(progress);
        }
    }

    @Override
    public void status(String message) {
        events.add(new Event("status", message));
        if (next != null) {
            next.status(message);
        }
    }
}
