package dev.agentport.lambda.streaming;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The body of a streamed response: each {@link #send} goes out at once as its own HTTP chunk of the request to the
 * Runtime API. A watcher thread waits for the Runtime API's reply. Once it has answered or closed the connection, the
 * request is over and {@code send} throws, so the core cancels the run; a send that a reader has left waiting for
 * {@link #SEND_TIMEOUT_SECONDS} gives the response up the same way. {@link #fail} aborts the request before its final
 * chunk, so Lambda sees a truncated, failed response rather than a complete one.
 */
final class StreamingBody {

    /** How long a frame may wait for a reader that has stopped reading before the response is given up. */
    static final long SEND_TIMEOUT_SECONDS = 10;
    /** How often the watcher looks at a send in progress while it waits for the reply. */
    private static final int WATCH_MILLIS = 1000;

    private final RuntimeApiExchange exchange;
    private final CompletableFuture<RuntimeApiExchange.Reply> reply = new CompletableFuture<>();
    private volatile boolean ended;
    private volatile boolean stalled;
    /** When the send in progress began ({@link System#nanoTime}), 0 when none is. */
    private volatile long sendingSince;

    /** @param exchange a request whose head announced a chunked body */
    StreamingBody(RuntimeApiExchange exchange) {
        this.exchange = exchange;
        Thread.ofPlatform().daemon().name("runtime-api-reply").start(this::watch);
    }

    /**
     * Sends bytes as one chunk. Throws once the request has ended or the Runtime API has stopped reading for
     * {@link #SEND_TIMEOUT_SECONDS}: the core then cancels the run.
     */
    void send(byte[] bytes) throws IOException {
        if (ended) {
            throw new IOException("the Runtime API request has ended: the response has nowhere to go");
        }
        sendingSince = System.nanoTime();
        try {
            exchange.chunk(bytes);
        } catch (IOException e) {
            throw stalled ? new IOException("the Runtime API stopped reading the response", e) : e;
        } finally {
            sendingSince = 0;
        }
    }

    /** Ends the body with the final chunk. */
    void finish() throws IOException {
        if (ended) {
            throw new IOException("the Runtime API request ended before the response was complete");
        }
        exchange.lastChunk();
    }

    /** Ends the body with an error: the request is aborted before its final chunk. */
    void fail(IOException error) {
        exchange.close();
    }

    /** The Runtime API's reply; completes exceptionally when the connection ended without one. */
    CompletableFuture<RuntimeApiExchange.Reply> reply() {
        return reply;
    }

    private void watch() {
        try {
            while (!exchange.awaitReply(WATCH_MILLIS)) {
                long since = sendingSince;
                if (since != 0 && System.nanoTime() - since > TimeUnit.SECONDS.toNanos(SEND_TIMEOUT_SECONDS)) {
                    stalled = true;
                    exchange.close(); // the blocked send fails at once
                }
            }
            ended = true;
            reply.complete(exchange.reply());
        } catch (IOException | RuntimeException e) {
            ended = true;
            reply.completeExceptionally(e);
        } finally {
            exchange.close();
        }
    }
}
