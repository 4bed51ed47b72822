package dev.agentport.a2a;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Artifact;
import dev.agentport.json.Json;

/** Artifacts on the wire: {@code {"artifactId","name"?,"description"?,"parts","metadata"?}}. */
public final class Artifacts {

    private Artifacts() {
    }

    public static ObjectNode write(Artifact artifact) {
        ObjectNode node = Json.object();
        node.put("artifactId", artifact.artifactId());
        if (artifact.name() != null) {
            node.put("name", artifact.name());
        }
        if (artifact.description() != null) {
            node.put("description", artifact.description());
        }
        node.set("parts", Parts.write(artifact.parts()));
        if (artifact.metadata() != null) {
            node.set("metadata", artifact.metadata());
        }
        return node;
    }
}
