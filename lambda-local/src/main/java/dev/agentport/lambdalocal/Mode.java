package dev.agentport.lambdalocal;

import java.util.Locale;

/** How the function answers, and so which runtime runs it and which AWS front is emulated. */
public enum Mode {

    /** The managed java21 runtime (the real runtime interface client) behind an HTTP API: whole responses. */
    BUFFERED(EventSource.HTTP_API),

    /** A custom runtime ({@code bootstrap}) behind a Function URL in RESPONSE_STREAM mode: streamed responses. */
    STREAMING(EventSource.FUNCTION_URL);

    private final EventSource eventSource;

    Mode(EventSource eventSource) {
        this.eventSource = eventSource;
    }

    public EventSource eventSource() {
        return eventSource;
    }

    /** {@code buffered} or {@code streaming}, any case. */
    public static Mode parse(String text) {
        return switch (text == null ? "" : text.strip().toLowerCase(Locale.ROOT)) {
            case "buffered" -> BUFFERED;
            case "streaming" -> STREAMING;
            default -> throw new IllegalArgumentException("LAMBDA_MODE must be buffered or streaming, not '"
                    + text + "'");
        };
    }
}
