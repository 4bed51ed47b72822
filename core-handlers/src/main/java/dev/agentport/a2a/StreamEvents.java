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
    public static WireValue statusUpdate(String taskId, String contextId, TaskStatus status, boolean last,
                                         ObjectNode metadata) {
        return out -> {
            out.writeStartObject();
            out.writeStringField("kind", "status-update");
            out.writeStringField("taskId", taskId);
            out.writeStringField("contextId", contextId);
            out.writeFieldName("status");
            status.write(out);
            out.writeBooleanField("final", last);
            if (metadata != null && !metadata.isEmpty()) {
                out.writeFieldName("metadata");
                Json.writeNode(out, metadata);
            }
            out.writeEndObject();
        };
    }

    /**
     * {@code {"kind":"artifact-update","taskId","contextId","artifact","append","lastChunk"}}: {@code append} adds the
     * parts to the artifact of the same id sent before; {@code lastChunk} says the artifact is complete.
     */
    public static WireValue artifactUpdate(String taskId, String contextId, Artifact artifact, boolean append,
                                           boolean lastChunk) {
        return out -> {
            out.writeStartObject();
            out.writeStringField("kind", "artifact-update");
            out.writeStringField("taskId", taskId);
            out.writeStringField("contextId", contextId);
            out.writeFieldName("artifact");
            Artifacts.write(out, artifact);
            out.writeBooleanField("append", append);
            out.writeBooleanField("lastChunk", lastChunk);
            out.writeEndObject();
        };
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
