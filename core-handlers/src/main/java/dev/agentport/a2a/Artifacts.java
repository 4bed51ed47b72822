package dev.agentport.a2a;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Part;
import dev.agentport.json.Json;

import java.io.IOException;

/** Artifacts on the wire: {@code {"artifactId","name"?,"description"?,"parts","metadata"?}}. */
public final class Artifacts {

    private Artifacts() {
    }

    /** Writes one part in a version's wire form. */
    @FunctionalInterface
    public interface PartWriter {
        void write(JsonGenerator out, Part part) throws IOException;
    }

    /** An artifact with its parts in the shared (0.3) form, {@link Parts#write(JsonGenerator, Part)}. */
    public static void write(JsonGenerator out, Artifact artifact) throws IOException {
        write(out, artifact, Parts::write);
    }

    /** {@link #write(JsonGenerator, Artifact)}, telling {@code edits} where 1.0's form differs. */
    static void write(JsonGenerator out, Artifact artifact, ProtoJsonEdits edits) throws IOException {
        write(out, artifact, (generator, part) -> Parts.write(generator, part, edits));
    }

    /** An artifact with its parts in the form {@code parts} writes: its own fields are the same in every version. */
    public static void write(JsonGenerator out, Artifact artifact, PartWriter parts) throws IOException {
        out.writeStartObject();
        out.writeStringField("artifactId", artifact.artifactId());
        if (artifact.name() != null) {
            out.writeStringField("name", artifact.name());
        }
        if (artifact.description() != null) {
            out.writeStringField("description", artifact.description());
        }
        out.writeArrayFieldStart("parts");
        for (Part part : artifact.parts()) {
            parts.write(out, part);
        }
        out.writeEndArray();
        if (artifact.metadata() != null) {
            out.writeFieldName("metadata");
            Json.writeNode(out, artifact.metadata());
        }
        out.writeEndObject();
    }
}
