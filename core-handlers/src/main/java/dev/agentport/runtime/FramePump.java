package dev.agentport.runtime;

import dev.agentport.agent.CancelCause;
import dev.agentport.agent.Cancellation;
import dev.agentport.agent.RunCancelledException;
import dev.agentport.http.EventSink;
import dev.agentport.telemetry.RequestIdentities;
import io.opentelemetry.context.Context;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a streaming producer on its own virtual thread and writes its frames to the sink on the caller's thread, in
 * order, as they come. This split lets the writer stop at the deadline even when the producer is blocked, and lets a
 * client that goes away cancel the producer at once. The queue is bounded, so a slow client slows the producer down
 * instead of filling the heap.
 */
final class FramePump {

    /** Produces frames; {@code emit} blocks while the queue is full and throws when the run is cancelled. */
    @FunctionalInterface
    interface Producer {
        void produce(Frames frames) throws Exception;
    }

    /** How the producer ended. */
    sealed interface Outcome {
        record Completed() implements Outcome {
        }

        record Failed(Throwable error) implements Outcome {
        }

        record TimedOut() implements Outcome {
        }

        /** Cancelled from outside while running: the client cancelled, shutdown's grace ended. */
        record Cancelled(CancelCause cause) implements Outcome {
        }
    }

    private static final int QUEUE_CAPACITY = 64;
    private static final byte[] END = new byte[0];
    private static final byte[] WAKE = new byte[0];

    private FramePump() {
    }

    /**
     * Pumps frames until the producer returns, fails or passes the deadline. Throws the sink's {@link IOException}
     * when the client has gone away, after cancelling the producer.
     */
    static Outcome run(EventSink sink, Cancellation cancellation, Instant deadline, Producer producer)
            throws IOException {
        BlockingQueue<byte[]> queue = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicBoolean writerGone = new AtomicBoolean();
        Frames frames = frame -> {
            cancellation.check();
            try {
                queue.put(frame);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RunCancelledException(cancellation.cause(), cancellation.reason());
            }
        };
        // Before the producer starts: a cancellation wakes the writer before anything the producer emits after it.
        cancellation.onCancel(() -> queue.offer(WAKE));
        Runnable produce = () -> {
            try {
                producer.produce(frames);
            } catch (Throwable e) {
                // A thread root: Errors too (a StackOverflowError in agent code) end the stream with an error event.
                failure.set(e);
            } finally {
                putEnd(queue, writerGone);
            }
        };
        // The worker carries the caller's OpenTelemetry context and log identity: the run's spans stay children of
        // the request's, and its log lines carry the request's trace id.
        Thread worker = Thread.ofVirtual().name("agent-stream")
                .start(RequestIdentities.carried(Context.current().wrap(produce)));
        try {
            while (true) {
                CancelCause cancelled = cancellation.cause();
                if (cancelled != null && cancelled != CancelCause.DEADLINE) {
                    writerGone.set(true);
                    worker.interrupt();
                    return new Outcome.Cancelled(cancelled);
                }
                byte[] frame = next(queue, deadline);
                if (frame == WAKE) {
                    continue;
                }
                if (frame == null) {
                    writerGone.set(true);
                    cancellation.cancel(CancelCause.DEADLINE);
                    worker.interrupt();
                    return new Outcome.TimedOut();
                }
                if (frame == END) {
                    Throwable error = failure.get();
                    return error == null ? new Outcome.Completed() : new Outcome.Failed(error);
                }
                sink.send(frame);
            }
        } catch (IOException | RuntimeException e) {
            writerGone.set(true);
            cancellation.cancel(CancelCause.CLIENT_LEFT);
            worker.interrupt();
            throw e;
        } catch (InterruptedException e) {
            writerGone.set(true);
            cancellation.cancel(CancelCause.SHUTDOWN);
            worker.interrupt();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while streaming", e);
        }
    }

    private static byte[] next(BlockingQueue<byte[]> queue, Instant deadline) throws InterruptedException {
        if (deadline == null) {
            return queue.take();
        }
        long nanos = Duration.between(Instant.now(), deadline).toNanos();
        return nanos <= 0 ? queue.poll() : queue.poll(nanos, TimeUnit.NANOSECONDS);
    }

    private static void putEnd(BlockingQueue<byte[]> queue, AtomicBoolean writerGone) {
        // The writer may have left (deadline, client gone): never block forever on a full queue.
        try {
            while (!queue.offer(END, 50, TimeUnit.MILLISECONDS)) {
                if (writerGone.get()) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            queue.clear();
            queue.offer(END);
        }
    }
}
