package dev.agentport.local;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Part;
import dev.agentport.json.Json;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The agent's artifacts as the contract's artifact write requests: {@code artifact_type}, {@code filename},
 * {@code title}, {@code summary}, {@code mime_type}, {@code content_text}. The runtime writes them; the adapter only
 * describes them. An artifact with no text to carry (binary bytes, or a file known only by URI) is left out, with a
 * log line naming it.
 */
final class ArtifactWrites {

    static final String DEFAULT_TYPE = "file";

    private static final Logger LOG = LoggerFactory.getLogger(ArtifactWrites.class);

    private ArtifactWrites() {
    }

    static ArrayNode of(List<Artifact> artifacts) {
        ArrayNode writes = Json.MAPPER.createArrayNode();
        for (Artifact artifact : artifacts) {
            Optional<String> content = contentText(artifact.parts());
            if (content.isEmpty()) {
                LOG.warn("artifact {} left out of the /run-task answer: it has no text content",
                        artifact.artifactId());
                continue;
            }
            writes.add(write(artifact, content.get()));
        }
        return writes;
    }

    private static ObjectNode write(Artifact artifact, String content) {
        String filename = filename(artifact);
        String title = artifact.name() != null ? artifact.name() : filename;
        ObjectNode write = Json.object();
        write.put("artifact_type", metadataText(artifact, "artifact_type").orElse(DEFAULT_TYPE));
        write.put("filename", filename);
        write.put("title", title);
        write.put("summary", artifact.description() != null ? artifact.description() : title);
        write.put("mime_type", mimeType(artifact.parts()));
        write.put("content_text", content);
        return write;
    }

    /** The agent's {@code filename} metadata, else the first file part's name, else the artifact's name or id. */
    private static String filename(Artifact artifact) {
        Optional<String> named = metadataText(artifact, "filename");
        if (named.isPresent()) {
            return named.get();
        }
        for (Part part : artifact.parts()) {
            if (part instanceof Part.File file && file.name() != null && !file.name().isBlank()) {
                return file.name();
            }
        }
        String base = artifact.name() != null && !artifact.name().isBlank() ? artifact.name() : artifact.artifactId();
        return base.contains(".") ? base : base + extension(mimeType(artifact.parts()));
    }

    /** The first file part's type, else JSON for data only, else plain text. */
    private static String mimeType(List<Part> parts) {
        boolean onlyData = true;
        for (Part part : parts) {
            if (part instanceof Part.File file) {
                return file.mimeType() != null ? file.mimeType() : "text/plain";
            }
            onlyData &= part instanceof Part.Data;
        }
        return onlyData && !parts.isEmpty() ? "application/json" : "text/plain";
    }

    private static String extension(String mimeType) {
        return switch (mimeType) {
            case "text/markdown" -> ".md";
            case "application/json" -> ".json";
            default -> ".txt";
        };
    }

    /** The parts' text joined; empty when a part has none (binary, or only a URI). */
    private static Optional<String> contentText(List<Part> parts) {
        StringBuilder text = new StringBuilder();
        for (Part part : parts) {
            Optional<String> piece = switch (part) {
                case Part.Text t -> Optional.of(t.text());
                case Part.Data d -> Optional.of(d.data().toString());
                case Part.File f -> f.bytes() == null ? Optional.empty() : utf8(f.bytes());
            };
            if (piece.isEmpty()) {
                return Optional.empty();
            }
            text.append(piece.get());
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of(text.toString());
    }

    private static Optional<String> utf8(byte[] bytes) {
        try {
            return Optional.of(StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> metadataText(Artifact artifact, String field) {
        JsonNode value = artifact.metadata() == null ? null : artifact.metadata().get(field);
        return value != null && value.isTextual() && !value.asText().isBlank()
                ? Optional.of(value.asText()) : Optional.empty();
    }
}
