package dev.agentport.http;

import java.nio.charset.StandardCharsets;

/** A response body: bytes written at once, or an event stream the adapter drives and flushes event by event. */
public sealed interface Body permits Body.Bytes, Body.EventStream {

    Body EMPTY = new Bytes(new byte[0]);

    static Body of(byte[] bytes) {
        return new Bytes(bytes);
    }

    static Body of(String text) {
        return new Bytes(text.getBytes(StandardCharsets.UTF_8));
    }

    static Body stream(StreamWriter writer) {
        return new EventStream(writer);
    }

    /** A body known in full. */
    record Bytes(byte[] bytes) implements Body {
    }

    /** A body produced while it is sent; the writer runs on the adapter's request thread. */
    record EventStream(StreamWriter writer) implements Body {
    }

    /** Produces the frames of an event stream. */
    @FunctionalInterface
    interface StreamWriter {
        /**
         * Writes every frame to the sink, in order, then returns. An {@link java.io.IOException} from the sink means the
         * client is gone: the writer stops its work and lets the exception propagate.
         */
        void writeTo(EventSink sink) throws java.io.IOException;
    }
}
