package dev.agentport.a2a;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import dev.agentport.json.Json;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * A JSON value that writes itself, field by field in wire order, to a generator: how the A2A faces write tasks,
 * messages and events without building a tree of them first. Its bytes are those {@code Json.bytes} gives for the same
 * value as a tree; {@link #tree()} is that tree, for the readers that need one (the state stores' form of a task).
 */
@FunctionalInterface
public interface WireValue extends Json.ValueWriter {

    /** The value as UTF-8 bytes: a response body. */
    default byte[] bytes() {
        return Json.written(this);
    }

    /** The value as text: an event's data. */
    default String text() {
        StringWriter text = new StringWriter();
        try (JsonGenerator out = Json.MAPPER.createGenerator(text)) {
            write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    /** The value as a tree. */
    default JsonNode tree() {
        try (TokenBuffer buffer = new TokenBuffer(Json.MAPPER, false)) {
            write(buffer);
            return Json.MAPPER.readTree(buffer.asParser());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
