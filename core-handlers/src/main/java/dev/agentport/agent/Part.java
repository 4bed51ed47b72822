package dev.agentport.agent;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Objects;

/** One piece of a message or an artifact: text, a file, or structured data. */
public sealed interface Part permits Part.Text, Part.File, Part.Data {

    static Part text(String text) {
        return new Text(text);
    }

    static Part file(String name, String mimeType, byte[] bytes) {
        return new File(name, mimeType, bytes, null);
    }

    static Part data(JsonNode data) {
        return new Data(data);
    }

    /** Plain text. */
    record Text(String text) implements Part {
        public Text {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * A file, by content or by reference.
     *
     * @param name     its file name, or {@code null}
     * @param mimeType its media type, or {@code null} when unknown
     * @param bytes    its content, or {@code null} when only {@code uri} is known
     * @param uri      where it can be fetched, or {@code null}
     */
    record File(String name, String mimeType, byte[] bytes, String uri) implements Part {
        public File {
            if (bytes == null && uri == null) {
                throw new IllegalArgumentException("a file part needs its bytes or a uri");
            }
        }
    }

    /** Structured data (any JSON). */
    record Data(JsonNode data) implements Part {
        public Data {
            Objects.requireNonNull(data, "data");
        }
    }
}
