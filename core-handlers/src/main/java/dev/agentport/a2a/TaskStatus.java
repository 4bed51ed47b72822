package dev.agentport.a2a;

import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * A task's status.
 *
 * @param state     the state
 * @param message   what the agent says about it (a question, a failure), or {@code null}
 * @param timestamp when the task reached it; written as A2A asks, {@code YYYY-MM-DDTHH:mm:ss.sssZ}
 */
public record TaskStatus(TaskState state, A2aMessage message, Instant timestamp) implements WireValue {

    private static final DateTimeFormatter TIMESTAMP =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    public static TaskStatus of(TaskState state, A2aMessage message) {
        return new TaskStatus(state, message, Instant.now());
    }

    /** The timestamp as written. */
    public String timestampText() {
        return TIMESTAMP.format(timestamp);
    }

    @Override
    public void write(JsonGenerator out) throws IOException {
        out.writeStartObject();
        out.writeStringField("state", state.wireName());
        if (message != null) {
            out.writeFieldName("message");
            message.write(out);
        }
        out.writeStringField("timestamp", timestampText());
        out.writeEndObject();
    }
}
