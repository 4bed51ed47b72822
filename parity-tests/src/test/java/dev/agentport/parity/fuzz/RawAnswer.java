package dev.agentport.parity.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a server did with one request sent as raw bytes: an answer (status, headers, the whole body with chunked
 * framing removed), a connection closed without an answer, or nothing within the wait.
 *
 * @param status    the status code, or {@code -1} when no answer came
 * @param headers   header names in lower case, each with its values in order
 * @param body      the body as sent (chunked framing removed)
 * @param outcome   how the exchange ended
 * @param millis    how long it took
 */
public record RawAnswer(int status, Map<String, List<String>> headers, byte[] body, Outcome outcome, long millis) {

    public enum Outcome {
        /** A complete answer. */
        ANSWERED,
        /** The server closed the connection before a status line. */
        CLOSED,
        /** The answer began but the connection ended inside it (a cut body, an unterminated chunked stream). */
        CUT,
        /** No answer, or no end of it, within the wait. */
        TIMED_OUT
    }

    public String header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** The media type without parameters, lower case, or "" without a Content-Type. */
    public String mediaType() {
        String type = header("Content-Type");
        return type == null ? "" : type.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        String text = text();
        return outcome + " " + status + " after " + millis + " ms " + headers + "\n"
                + (text.length() > 2000 ? text.substring(0, 2000) + "...(" + text.length() + " chars)" : text);
    }
}
