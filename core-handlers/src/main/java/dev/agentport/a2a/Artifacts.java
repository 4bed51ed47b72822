package dev.agentport.a2a;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.agentport.agent.Artifact;

import java.io.IOException;

/** Artifacts on the wire: {@code {"artifactId","name"?,"description"?,"parts","metadata"?}}. */
public final class Artifacts {

    private Artifacts() {
    }

    public static void write(JsonGenerator out, Artifact artifact) throws IOException {
        out.writeStartObject();
        out.writeStringField("artifactId", artifact.artifactId());
        if (artifact.name() != null) {
            out.writeStringField("name", artifact.name());
        }
        if (artifact.description() != null) {
            out.writeStringField("description", artifact.description());
        }
        out.writeFieldName("parts");
        Parts.write(out, artifact.parts());
        if (artifact.metadata() != null) {
            out.writeFieldName("metadata");
            out.writeTree(artifact.metadata());
        }
        out.writeEndObject();
    }
}
