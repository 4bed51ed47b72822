package dev.agentport.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.base.IdBytes;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Something a run produced besides its reply: a document, a file, a data set. Faces that carry artifacts (A2A,
 * Daedalus, the local adapter) send them; the others ignore them.
 *
 * @param artifactId  a stable id (generated when not given)
 * @param name        a short name, or {@code null}
 * @param description one line, or {@code null}
 * @param parts       its content
 * @param metadata    anything else, or {@code null}
 */
public record Artifact(String artifactId, String name, String description, List<Part> parts, ObjectNode metadata) {

    public Artifact {
        artifactId = artifactId == null ? IdBytes.uuid() : artifactId;
        parts = List.copyOf(Objects.requireNonNull(parts, "parts"));
    }

    /** A text artifact. */
    public static Artifact text(String name, String text) {
        return builder().name(name).part(Part.text(text)).build();
    }

    /** A file artifact. */
    public static Artifact file(String name, String mimeType, byte[] bytes) {
        return builder().name(name).part(Part.file(name, mimeType, bytes)).build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public static final class Builder {
        private String artifactId;
        private String name;
        private String description;
        private final List<Part> parts = new ArrayList<>();
        private ObjectNode metadata;

        private Builder() {
        }

        public Builder artifactId(String artifactId) {
            this.artifactId = artifactId;
            return this;
        }

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder part(Part part) {
            parts.add(Objects.requireNonNull(part, "part"));
            return this;
        }

        public Builder metadata(ObjectNode metadata) {
            this.metadata = metadata;
            return this;
        }

        public Artifact build() {
            return new Artifact(artifactId, name, description, parts, metadata);
        }
    }
}
