package dev.agentport.lambda.streaming;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.SubmissionPublisher;
import java.util.concurrent.TimeUnit;

/**
 * The body of a streamed response, as the reactive publisher the JDK HTTP client subscribes to. Each {@link #send}
 * is handed to the client at once and goes out as its own HTTP chunk; a reader more than {@link Flow#defaultBufferSize()}
 * frames behind makes {@code send} wait. {@link #fail} aborts the request before its final chunk, so Lambda sees a
 * truncated, failed response rather than a complete one.
 *
 * <p>(A blocking InputStream body is not used: the client reads it on the thread that writes to the socket, so a
 * frame would sit unsent until the next one arrived.)
 */
final class StreamingBody implements Flow.Publisher<ByteBuffer> {

    /** How long a frame may wait for a reader that has stopped reading before the response is given up. */
    static final long SEND_TIMEOUT_SECONDS = 10;

    private final SubmissionPublisher<ByteBuffer> frames = new SubmissionPublisher<>();
    private final CountDownLatch subscribed = new CountDownLatch(1);
    private volatile boolean abandoned;

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
        frames.subscribe(subscriber);
        subscribed.countDown();
    }

    /**
     * Hands bytes to the client. Throws once the request has ended or the client has stopped reading for
     * {@link #SEND_TIMEOUT_SECONDS} (the Runtime API connection is gone): the core then cancels the run.
     */
    void send(byte[] bytes) throws IOException {
        awaitSubscriber();
        if (abandoned || frames.isClosed() || frames.getNumberOfSubscribers() == 0) {
            throw new IOException("the Runtime API request has ended: the response has nowhere to go");
        }
        if (bytes.length > 0) {
            int lag = frames.offer(ByteBuffer.wrap(bytes), SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS,
                    (subscriber, frame) -> false);
            if (lag < 0) {
                throw new IOException("the Runtime API stopped reading the response");
            }
        }
    }

    /** Ends the body: the client sends the final chunk. */
    void finish() throws IOException {
        awaitSubscriber();
        frames.close();
    }

    /** Ends the body with an error: the client aborts the request. */
    void fail(IOException error) {
        frames.closeExceptionally(error);
    }

    /** Called when the request is over, sent or not; a writer still sending gets an IOException. */
    void abandon() {
        abandoned = true;
    }

    private void awaitSubscriber() throws IOException {
        try {
            while (!subscribed.await(100, TimeUnit.MILLISECONDS) && !abandoned) {
                // the client subscribes once the request line and headers are sent
            }
            if (abandoned) {
                throw new IOException("the Runtime API request ended before the response was written");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while streaming the response", e);
        }
    }
}
