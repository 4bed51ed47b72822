package dev.agentport.logging;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.joran.spi.ConsoleTarget;
import net.logstash.logback.encoder.CompositeJsonEncoder;
import net.logstash.logback.util.ReusableByteBuffer;
import net.logstash.logback.util.ThreadLocalReusableByteBuffer;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Writes each event as one line on stdout through a buffer: the logging thread encodes its line and copies it into the
 * buffer under the appender's lock, so lines never interleave; the buffer goes to stdout in one write when it is full
 * and, from a daemon thread, every {@link #FLUSH_MILLIS} ms. Under load one write carries hundreds of lines, and no
 * thread is woken per line (Logback's {@code AsyncAppender} wakes its writer for each one, which is what cost the
 * access log at 256 connections; see docs/benchmarks.md). {@link #stop} writes what is buffered.
 *
 * <p>A line is encoded into a buffer of the logging thread's own, outside the lock, and copied from there into the
 * shared buffer: Logback's {@code OutputStreamAppender} asks the encoder for a new {@code byte[]} per line, which the
 * JSON encoder fills by copying its own buffer once more (a third of the access log's allocation per request).
 *
 * <p>A logging thread never waits for the lock: when it is taken, the line is queued (a copy), and the thread holding
 * the lock writes the queue into the buffer before it lets go, and again after, should a line have come meanwhile; a
 * thread's lines stay in their order. Request threads are virtual: blocked on the lock at 256 connections, they made a
 * convoy, each waking only when the one before it had a carrier again (see docs/benchmarks.md). The queue is bounded
 * ({@link #MAX_QUEUED}): past it a thread waits for the lock, so a stdout that does not take its lines slows the
 * logging threads down, as {@link LogOverflow#BLOCK} promises, instead of filling the heap.
 */
final class BufferedStdoutAppender extends OutputStreamAppender<ILoggingEvent> {

    /** About 150 access-log lines: one write per buffer-full under load. */
    static final int BUFFER_BYTES = 64 * 1024;
    /** Longest a line waits in the buffer when the server is nearly idle. */
    static final long FLUSH_MILLIS = 100;
    /** Lines queued at most before a logging thread waits for the lock: a few buffers-full. */
    static final int MAX_QUEUED = 1024;

    private final CompositeJsonEncoder<ILoggingEvent> encoder;
    private final ThreadLocalReusableByteBuffer lines = new ThreadLocalReusableByteBuffer();
    /** Lines that found the lock taken, for its holder to write, in order. */
    private final ConcurrentLinkedQueue<byte[]> queued = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queuedCount = new AtomicInteger();
    private ScheduledExecutorService flusher;

    BufferedStdoutAppender(CompositeJsonEncoder<ILoggingEvent> encoder) {
        this.encoder = encoder;
        setEncoder(encoder);
        setImmediateFlush(false);
    }

    @Override
    public void start() {
        // ConsoleTarget's stream writes to whatever System.out is at the time, as Logback's ConsoleAppender does.
        setOutputStream(new BufferedOutputStream(ConsoleTarget.SystemOut.getStream(), BUFFER_BYTES));
        super.start();
        flusher = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "log-flusher");
            thread.setDaemon(true);
            return thread;
        });
        flusher.scheduleWithFixedDelay(this::flush, FLUSH_MILLIS, FLUSH_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Override
    protected void writeOut(ILoggingEvent event) throws IOException {
        ReusableByteBuffer line = lines.acquire();
        try {
            try {
                encoder.encode(event, line);
            } catch (IOException e) {
                // as the encoder does for a line it cannot encode (a value Jackson cannot write): drop it, keep on
                addWarn("Could not encode a log event, so it is not written: " + event, e);
                return;
            }
            if (streamWriteLock.tryLock() || waitsForTheLock()) {
                try {
                    writeQueued();
                    line.writeTo(getOutputStream());
                } finally {
                    unlock();
                }
            } else {
                queued.add(line.toByteArray());
                writeQueuedIfFree();
            }
        } finally {
            lines.release(); // empties it for the thread's next line
        }
    }

    /** Takes the lock, waiting, when the queue is full, and says so; else leaves it and says so. */
    private boolean waitsForTheLock() {
        if (queuedCount.incrementAndGet() <= MAX_QUEUED) {
            return false; // counted: the line goes to the queue
        }
        queuedCount.decrementAndGet();
        streamWriteLock.lock();
        return true;
    }

    /**
     * Called with the lock held. After {@link #stop} the stream is gone: a line a thread queued as the appender stopped
     * is dropped, as Logback drops a line that comes after it.
     */
    private void writeQueued() throws IOException {
        OutputStream out = getOutputStream();
        for (byte[] line; (line = queued.poll()) != null; ) {
            queuedCount.decrementAndGet();
            if (out != null && isStarted()) {
                out.write(line);
            }
        }
    }

    /** The lines queued and not written yet. */
    int queuedLines() {
        return queuedCount.get();
    }

    /** Lets go of the lock, then writes what was queued while it was held, unless another thread holds it again. */
    private void unlock() throws IOException {
        streamWriteLock.unlock();
        writeQueuedIfFree();
    }

    private void writeQueuedIfFree() throws IOException {
        while (!queued.isEmpty() && streamWriteLock.tryLock()) {
            try {
                writeQueued();
            } finally {
                streamWriteLock.unlock();
            }
        }
    }

    /** Writes the buffered lines to stdout. */
    void flush() {
        streamWriteLock.lock();
        try {
            if (isStarted()) {
                writeQueued();
                getOutputStream().flush();
            }
        } catch (IOException e) {
            addError("Could not write the log lines to stdout", e);
        } finally {
            try {
                unlock();
            } catch (IOException e) {
                addError("Could not write the log lines to stdout", e);
            }
        }
    }

    @Override
    public void stop() {
        if (flusher != null) {
            flusher.shutdownNow();
        }
        // Held through Logback's own stop (the lock is reentrant), so the queue's last write and the stream's closing
        // are one step; a line queued meanwhile is dropped by whoever takes the lock next (writeQueued).
        streamWriteLock.lock();
        try {
            if (isStarted()) {
                writeQueued();
            }
            super.stop(); // closes the buffer, which writes what it holds
        } catch (IOException e) {
            addError("Could not write the log lines to stdout", e);
            super.stop();
        } finally {
            streamWriteLock.unlock();
        }
    }
}
