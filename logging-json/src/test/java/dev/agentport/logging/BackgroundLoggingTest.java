package dev.agentport.logging;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BackgroundLoggingTest {

    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
    private final PrintStream original = System.out;
    private final LoggerContext context = new LoggerContext();

    @BeforeEach
    void jsonLoggingOnCapturedStdout() {
        context.setMDCAdapter(new LogbackMDCAdapter());
        JsonLogging configurator = new JsonLogging();
        configurator.setContext(context);
        configurator.configure(context);
        context.start();
    }

    @AfterEach
    void restore() {
        context.stop();
        System.setOut(original);
    }

    @Test
    void the_request_thread_does_not_write_the_line_a_background_thread_does() throws Exception {
        CountDownLatch written = new CountDownLatch(1);
        AtomicBoolean writtenByLogger = new AtomicBoolean();
        Thread logging = Thread.currentThread();
        System.setOut(new PrintStream(new OutputStream() {
            @Override
            public void write(int b) {
                writtenByLogger.compareAndSet(false, Thread.currentThread() == logging);
                written.countDown();
            }
        }, true, StandardCharsets.UTF_8));
        BackgroundLogging.start(context, LogOverflow.BLOCK);
        context.getLogger("dev.agentport.access").info("POST /invoke 200");
        assertTrue(written.await(5, TimeUnit.SECONDS), "the line was never written");
        assertFalse(writtenByLogger.get(), "the logging thread wrote the line itself");
    }

    @Test
    void draining_writes_every_queued_line_in_order_and_later_lines_are_written_at_once() throws Exception {
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        BackgroundLogging.start(context, LogOverflow.BLOCK);
        Logger access = context.getLogger("dev.agentport.access");
        for (int i = 0; i < 20_000; i++) { // more than the queue holds: the logging thread waits, nothing is dropped
            access.info("line {}", i);
        }
        BackgroundLogging.drain(context);
        access.info("after the drain");
        List<String> lines = captured.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(20_001, lines.size());
        ObjectMapper json = new ObjectMapper();
        for (int i = 0; i < 20_000; i++) {
            assertEquals("line " + i, json.readTree(lines.get(i)).get("message").asText());
        }
        assertEquals("after the drain", json.readTree(lines.get(20_000)).get("message").asText());
    }

    @Test
    void the_buffered_line_is_the_same_bytes_as_the_line_written_at_once() {
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        Logger access = context.getLogger("dev.agentport.access");
        context.getMDCAdapter().put("trace_id", "4bf92f3577b34da6a3ce929d0e0e4736");
        context.getMDCAdapter().put("request_id", "req-42");
        try {
            access.atInfo().addKeyValue("method", "POST").addKeyValue("status", 200).log("POST /invoke 200 0 ms");
            BackgroundLogging.start(context, LogOverflow.BLOCK);
            access.atInfo().addKeyValue("method", "POST").addKeyValue("status", 200).log("POST /invoke 200 0 ms");
            BackgroundLogging.drain(context);
        } finally {
            context.getMDCAdapter().clear();
        }
        List<String> lines = captured.toString(StandardCharsets.UTF_8).lines()
                .map(line -> line.replaceFirst("\"time\":\"[^\"]+\"", "\"time\":\"\""))
                .toList();
        assertEquals(2, lines.size());
        assertEquals(lines.get(0), lines.get(1));
        assertTrue(lines.get(1).contains("\"trace_id\":\"4bf92f3577b34da6a3ce929d0e0e4736\""), lines.get(1));
    }

    @Test
    void a_line_that_cannot_be_encoded_is_left_out_and_the_next_lines_are_written() {
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        BackgroundLogging.start(context, LogOverflow.BLOCK);
        Logger access = context.getLogger("dev.agentport.access");
        access.info("before");
        access.atInfo().addKeyValue("broken", new Unwritable()).log("not written");
        access.info("after");
        BackgroundLogging.drain(context);
        List<String> lines = captured.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.get(1).contains("\"message\":\"after\""), lines.get(1));
    }

    /** A value Jackson fails to write: its one property throws. */
    public static final class Unwritable {
        public String getValue() {
            throw new IllegalStateException("cannot be read");
        }
    }

    @Test
    void stdout_gets_one_write_per_buffer_full_not_one_per_line() {
        AtomicInteger writes = new AtomicInteger();
        System.setOut(new PrintStream(new OutputStream() {
            @Override
            public void write(int b) {
                writes.incrementAndGet();
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
                writes.incrementAndGet();
            }
        }, true, StandardCharsets.UTF_8));
        BackgroundLogging.start(context, LogOverflow.BLOCK);
        Logger access = context.getLogger("dev.agentport.access");
        for (int i = 0; i < 5_000; i++) {
            access.info("POST /invoke 200 {}", i);
        }
        BackgroundLogging.drain(context);
        assertTrue(writes.get() <= 500, "5,000 lines took " + writes.get() + " writes");
    }

    @Test
    void lines_logged_from_many_threads_at_once_are_never_interleaved_nor_lost() throws Exception {
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        BackgroundLogging.start(context, LogOverflow.BLOCK);
        Logger access = context.getLogger("dev.agentport.access");
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int t = 0; t < 16; t++) {
                int thread = t;
                threads.submit(() -> {
                    for (int i = 0; i < 1_000; i++) {
                        access.info("thread {} line {}", thread, i);
                    }
                });
            }
        }
        BackgroundLogging.drain(context);
        List<String> lines = captured.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(16_000, lines.size());
        ObjectMapper json = new ObjectMapper();
        Set<String> messages = new HashSet<>();
        for (String line : lines) {
            messages.add(json.readTree(line).get("message").asText());
        }
        assertEquals(16_000, messages.size());
    }

    @Test
    void lines_that_find_stdout_busy_are_all_written_each_threads_in_its_order() throws Exception {
        OutputStream slow = new OutputStream() { // holds the appender's lock while it writes, so other lines queue
            @Override
            public void write(int b) {
                captured.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                captured.write(b, off, len);
            }
        };
        System.setOut(new PrintStream(slow, true, StandardCharsets.UTF_8));
        BackgroundLogging.start(context, LogOverflow.BLOCK);
        Logger access = context.getLogger("dev.agentport.access");
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int t = 0; t < 64; t++) {
                int thread = t;
                threads.submit(() -> {
                    for (int i = 0; i < 300; i++) {
                        access.info("thread {} line {}", thread, i);
                    }
                });
            }
        }
        BackgroundLogging.drain(context);
        List<String> lines = captured.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(64 * 300, lines.size());
        ObjectMapper json = new ObjectMapper();
        int[] next = new int[64];
        for (String line : lines) {
            String[] words = json.readTree(line).get("message").asText().split(" ");
            int thread = Integer.parseInt(words[1]);
            assertEquals(next[thread]++, Integer.parseInt(words[3]), "thread " + thread + "'s lines out of order");
        }
    }

    @Test
    void a_stdout_that_takes_no_lines_makes_logging_threads_wait_once_the_queue_is_full() throws Exception {
        CountDownLatch stuck = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        OutputStream stalled = new OutputStream() { // the flusher's write holds the appender's lock until released
            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                stuck.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                captured.write(b, off, len);
            }
        };
        System.setOut(new PrintStream(stalled, true, StandardCharsets.UTF_8));
        BackgroundLogging.start(context, LogOverflow.BLOCK);
        Logger access = context.getLogger("dev.agentport.access");
        BufferedStdoutAppender appender = (BufferedStdoutAppender) context.getLogger(Logger.ROOT_LOGGER_NAME)
                .getAppender(BackgroundLogging.APPENDER_NAME);
        access.info("first");
        assertTrue(stuck.await(10, TimeUnit.SECONDS), "the flusher never wrote");
        int lines = BufferedStdoutAppender.MAX_QUEUED * 4;
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int t = 0; t < 8; t++) {
                int thread = t;
                threads.submit(() -> {
                    for (int i = 0; i < lines / 8; i++) {
                        access.info("thread {} line {}", thread, i);
                    }
                });
            }
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (appender.queuedLines() < BufferedStdoutAppender.MAX_QUEUED && System.nanoTime() < end) {
                Thread.sleep(5);
            }
            Thread.sleep(200);
            assertEquals(BufferedStdoutAppender.MAX_QUEUED, appender.queuedLines(), "the queue is bounded");
            release.countDown();
        }
        BackgroundLogging.drain(context);
        assertEquals(lines + 1, captured.toString(StandardCharsets.UTF_8).lines().count());
    }

    @Test
    void debug_and_info_lines_are_kept_when_the_queue_is_nearly_full() {
        BackgroundLogging.start(context, LogOverflow.DROP);
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        ch.qos.logback.classic.AsyncAppender background =
                (ch.qos.logback.classic.AsyncAppender) root.getAppender(BackgroundLogging.APPENDER_NAME);
        assertNotNull(background);
        assertEquals(0, background.getDiscardingThreshold());
    }

    @Test
    void by_default_lines_wait_for_stdout_in_a_buffer_and_no_queue_can_drop_them() {
        BackgroundLogging.start(context, LogOverflow.BLOCK);
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        assertInstanceOf(BufferedStdoutAppender.class, root.getAppender(BackgroundLogging.APPENDER_NAME));
        assertNull(root.getAppender(JsonLogging.APPENDER_NAME));
    }

    @Test
    void log_overflow_drop_lets_a_full_queue_drop_lines_instead_of_waiting() {
        BackgroundLogging.start(context, LogOverflow.DROP);
        ch.qos.logback.classic.AsyncAppender background = (ch.qos.logback.classic.AsyncAppender)
                context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender(BackgroundLogging.APPENDER_NAME);
        assertTrue(background.isNeverBlock());
    }

    @Test
    void an_invalid_log_overflow_names_the_variable_and_its_values() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> LogOverflow.parse("sometimes"));
        assertEquals("LOG_OVERFLOW must be block or drop, got 'sometimes'", error.getMessage());
        assertEquals(LogOverflow.BLOCK, LogOverflow.parse(null));
        assertEquals(LogOverflow.DROP, LogOverflow.parse(" Drop "));
    }
}
