package dev.agentport.lambdalocal;

import java.util.Locale;

/** How the function answers, and so which AWS front is emulated (and the runtime that runs it by default). */
public enum Mode {

    /**
     * An HTTP API, whole responses: by default the managed java21 runtime (the real runtime interface client), or a
     * custom runtime's {@code bootstrap} (see {@link FunctionRuntime}).
     */
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
