package dev.agentport.a2a;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Artifact;
import dev.agentport.json.Json;

/** A2A 0.3 streaming events: {@code status-update} and {@code artifact-update}, each with its task and context. */
public final class StreamEvents {

    private StreamEvents() {
    }

    /**
     * {@code {"kind":"status-update","taskId","contextId","status","final","metadata"?}}; {@code final} marks the last
     * event of the stream.
     */
    public static ObjectNode statusUpdate(String taskId, String contextId, TaskStatus status, boolean last,
                                          ObjectNode metadata) {
        ObjectNode node = Json.object();
        node.put("kind", "status-update");
        node.put("taskId", taskId);
        node.put("contextId", contextId);
        node.set("status", status.toJson());
        node.put("final", last);
        if (metadata != null && !metadata.isEmpty()) {
            node.set("metadata", metadata);
        }
        return node;
    }

    /**
     * {@code {"kind":"artifact-update","taskId","contextId","artifact","append","lastChunk"}}: {@code append} adds the
     * parts to the artifact of the same id sent before; {@code lastChunk} says the artifact is complete.
     */
    public static ObjectNode artifactUpdate(String taskId, String contextId, Artifact artifact, boolean append,
                                            boolean lastChunk) {
        ObjectNode node = Json.object();
        node.put("kind", "artifact-update");
        node.put("taskId", taskId);
        node.put("contextId", contextId);
        node.set("artifact", Artifacts.write(artifact));
        node.put("append", append);
        node.put("lastChunk", lastChunk);
        return node;
    }

    /** A progress report as status-update metadata: {@code {"progress":{"step":N,"total":M}}}, total only when known. */
    public static ObjectNode progressMetadata(dev.agentport.agent.Progress progress) {
        ObjectNode metadata = Json.object();
        ObjectNode node = metadata.putObject("progress").put("step", progress.step());
        if (progress.total() != null) {
            node.put("total", progress.total());
        }
        return metadata;
    }
}
