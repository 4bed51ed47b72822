package dev.agentport.lambdalocal;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One queued call of the function: the event going in and the {@link ReplyPart}s coming out. The Runtime API side
 * writes parts, the front reads them. Once finished or failed, later parts are ignored, so a late answer after a
 * timeout cannot reach the client.
 */
public final class Invocation {

    private final String requestId;
    private final byte[] event;
    private final String traceId;
    private final BlockingQueue<ReplyPart> parts = new LinkedBlockingQueue<>();
    private volatile Instant deadline;
    private boolean started;
    private boolean settled;
    private volatile boolean clientGone;

    public Invocation(String requestId, byte[] event, String traceId) {
        this.requestId = requestId;
        this.event = event;
        this.traceId = traceId;
    }

    public String requestId() {
        return requestId;
    }

    public byte[] event() {
        return event;
    }

    public String traceId() {
        return traceId;
    }

    /** When the function must have answered; empty until the runtime took the invocation. */
    public Optional<Instant> deadline() {
        return Optional.ofNullable(deadline);
    }

    void dispatched(Instant now, Duration timeout) {
        deadline = now.plus(timeout);
    }

    /** Starts the response; false when the invocation already started, finished or failed. */
    public synchronized boolean start(String contentType, boolean streamed) {
        if (started || settled) {
            return false;
        }
        started = true;
        return parts.add(new ReplyPart.Started(contentType, streamed));
    }

    public synchronized void chunk(byte[] bytes) {
        if (started && !settled && bytes.length > 0) {
            parts.add(new ReplyPart.Chunk(bytes));
        }
    }

    public synchronized void finish(Optional<FunctionError> trailerError) {
        if (started && !settled) {
            settled = true;
            parts.add(new ReplyPart.Finished(trailerError));
        }
    }

    /**
     * Fails the invocation. Before the response started the front answers 502; after, the stream just ends.
     *
     * @return false when it had already finished or failed
     */
    public synchronized boolean fail(FunctionError error) {
        if (settled) {
            return false;
        }
        settled = true;
        parts.add(started ? new ReplyPart.Finished(Optional.of(error)) : new ReplyPart.Failed(error));
        return true;
    }

    /** The front's client has gone: the rest of a streamed response has nowhere to go. */
    public void clientLeft() {
        clientGone = true;
    }

    public boolean isClientGone() {
        return clientGone;
    }

    public synchronized boolean isSettled() {
        return settled;
    }

    /** The next part, waiting at most {@code wait}; empty when none came in time. */
    public Optional<ReplyPart> nextPart(Duration wait) throws InterruptedException {
        return Optional.ofNullable(parts.poll(wait.toMillis(), TimeUnit.MILLISECONDS));
    }
}
