package dev.agentport.a2a;

import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.time.Instant;
import java.time.LocalDateTime;
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

    /** The timestamp as written; years of four digits, all of them in practice, are written without the formatter. */
    public String timestampText() {
        return new String(timestampChars());
    }

    /** {@link #timestampText()}'s characters, for a generator to write without a string made of them. */
    char[] timestampChars() {
        LocalDateTime utc = LocalDateTime.ofEpochSecond(timestamp.getEpochSecond(), timestamp.getNano(),
                ZoneOffset.UTC);
        if (utc.getYear() < 0 || utc.getYear() > 9999) {
            return TIMESTAMP.format(timestamp).toCharArray();
        }
        char[] text = "0000-00-00T00:00:00.000Z".toCharArray();
        digits(text, 0, 4, utc.getYear());
        digits(text, 5, 2, utc.getMonthValue());
        digits(text, 8, 2, utc.getDayOfMonth());
        digits(text, 11, 2, utc.getHour());
        digits(text, 14, 2, utc.getMinute());
        digits(text, 17, 2, utc.getSecond());
        digits(text, 20, 3, utc.getNano() / 1_000_000);
        return text;
    }

    /** The {@code timestamp} member. */
    void writeTimestamp(JsonGenerator out) throws IOException {
        char[] text = timestampChars();
        out.writeFieldName("timestamp");
        out.writeString(text, 0, text.length);
    }

    /** Writes {@code value} into {@code text} at {@code start} as {@code width} digits, zero-padded. */
    private static void digits(char[] text, int start, int width, int value) {
        int rest = value;
        for (int at = start + width - 1; at >= start; at--) {
            text[at] = (char) ('0' + rest % 10);
            rest /= 10;
        }
    }

    @Override
    public void write(JsonGenerator out) throws IOException {
        write(out, ProtoJsonEdits.OFF);
    }

    void write(JsonGenerator out, ProtoJsonEdits edits) throws IOException {
        out.writeStartObject();
        int stateFrom = edits.at(out);
        out.writeStringField("state", state.wireName());
        edits.state(stateFrom, out, state);
        if (message != null) {
            out.writeFieldName("message");
            message.write(out, edits);
        }
        writeTimestamp(out);
        out.writeEndObject();
    }
}
