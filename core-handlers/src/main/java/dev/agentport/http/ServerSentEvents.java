package dev.agentport.http;

import java.nio.charset.StandardCharsets;

/**
 * The one Server-Sent Events encoder: every adapter sends the bytes it makes, so every target puts the same frames
 * on the wire. Payloads are single-line JSON (Jackson never writes a raw newline), so each frame has one data line.
 */
public final class ServerSentEvents {

    public static final String CONTENT_TYPE = "text/event-stream";

    private static final byte[] DONE = "data: [DONE]\n\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] COMMENT = ":\n\n".getBytes(StandardCharsets.US_ASCII);

    private ServerSentEvents() {
    }

    /** An unnamed event: {@code data: <json>}. */
    public static byte[] data(String json) {
        return ("data: " + json + "\n\n").getBytes(StandardCharsets.UTF_8);
    }

    /** A named event: {@code event: <name>} then {@code data: <json>}. */
    public static byte[] event(String name, String json) {
        return ("event: " + name + "\ndata: " + json + "\n\n").getBytes(StandardCharsets.UTF_8);
    }

    /** A comment, which clients ignore: keeps a quiet stream written, so that a client that left is noticed. */
    public static byte[] comment() {
        return COMMENT.clone();
    }

    /** The {@code data: [DONE]} sentinel that ends every AgentBreeder stream. */
    public static byte[] done() {
        return DONE.clone();
    }
}
