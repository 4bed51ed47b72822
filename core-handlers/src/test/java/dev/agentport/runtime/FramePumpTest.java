package dev.agentport.runtime;

import dev.agentport.agent.Cancellation;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FramePumpTest {

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void frames_reach_the_sink_in_order() throws IOException {
        List<String> seen = new ArrayList<>();
        FramePump.Outcome outcome = FramePump.run(frame -> seen.add(new String(frame, StandardCharsets.UTF_8)),
                Cancellation.none(), null, emit -> {
                    for (int i = 0; i < 200; i++) {
                        emit.emit(bytes("f" + i));
                    }
                });
        assertInstanceOf(FramePump.Outcome.Completed.class, outcome);
        assertEquals(200, seen.size());
        assertEquals("f199", seen.get(199));
    }

    @Test
    void producer_failure_is_reported_after_its_frames() throws IOException {
        List<String> seen = new ArrayList<>();
        FramePump.Outcome outcome = FramePump.run(frame -> seen.add(new String(frame, StandardCharsets.UTF_8)),
                Cancellation.none(), null, emit -> {
                    emit.emit(bytes("a"));
                    throw new IllegalStateException("boom");
                });
        assertEquals(List.of("a"), seen);
        assertInstanceOf(FramePump.Outcome.Failed.class, outcome);
    }

    @Test
    void deadline_stops_a_blocked_producer() throws Exception {
        CountDownLatch interrupted = new CountDownLatch(1);
        Cancellation cancellation = new Cancellation(null);
        FramePump.Outcome outcome = FramePump.run(frame -> { }, cancellation, Instant.now().plusMillis(200),
                emit -> {
                    try {
                        Thread.sleep(60_000);
                    } catch (InterruptedException e) {
                        interrupted.countDown();
                    }
                });
        assertInstanceOf(FramePump.Outcome.TimedOut.class, outcome);
        assertTrue(cancellation.isCancelled());
        assertTrue(interrupted.await(5, TimeUnit.SECONDS));
    }

    @Test
    void a_sink_that_fails_cancels_the_producer() throws Exception {
        Cancellation cancellation = new Cancellation(null);
        CountDownLatch stopped = new CountDownLatch(1);
        assertThrows(IOException.class, () -> FramePump.run(frame -> {
            throw new IOException("client gone");
        }, cancellation, null, emit -> {
            try {
                while (true) {
                    emit.emit(bytes("x"));
                }
            } finally {
                stopped.countDown();
            }
        }));
        assertTrue(cancellation.isCancelled());
        assertTrue(stopped.await(5, TimeUnit.SECONDS));
    }
}
