package dev.agentport.agent;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CancellationTest {

    @Test
    void a_passed_deadline_cancels_when_the_clock_is_read() {
        Cancellation cancellation = new Cancellation(Instant.now().minusSeconds(1));
        RunCancelledException thrown = assertThrows(RunCancelledException.class, cancellation::check);
        assertEquals(CancelCause.DEADLINE, thrown.cancelCause());
    }

    @Test
    void the_check_without_the_clock_sees_a_deadline_once_someone_marked_it() {
        Cancellation cancellation = Cancellation.atNanoTime(System.nanoTime() - 1);
        assertDoesNotThrow(cancellation::checkSignalled, "no clock read, no one marked it");
        assertTrue(cancellation.isCancelled(), "reading the clock marks it");
        assertEquals(CancelCause.DEADLINE,
                assertThrows(RunCancelledException.class, cancellation::checkSignalled).cancelCause());
    }

    @Test
    void the_check_without_the_clock_sees_a_cancel() {
        Cancellation cancellation = Cancellation.none();
        cancellation.cancel(CancelCause.CLIENT_CANCELLED, "by the user");
        RunCancelledException thrown = assertThrows(RunCancelledException.class, cancellation::checkSignalled);
        assertEquals(CancelCause.CLIENT_CANCELLED, thrown.cancelCause());
    }

    @Test
    void the_first_cause_wins_and_each_listener_runs_once() {
        Cancellation cancellation = Cancellation.none();
        AtomicInteger before = new AtomicInteger();
        cancellation.onCancel(before::incrementAndGet);
        cancellation.cancel(CancelCause.SHUTDOWN);
        cancellation.cancel(CancelCause.CLIENT_LEFT);
        AtomicInteger after = new AtomicInteger();
        cancellation.onCancel(after::incrementAndGet);
        assertEquals(1, before.get(), "added before the cancel: run by it, once");
        assertEquals(1, after.get(), "added after the cancel: run at once");
        assertEquals(CancelCause.SHUTDOWN, cancellation.cause());
    }

    @Test
    void a_deadline_far_in_the_future_does_not_cancel() {
        assertDoesNotThrow(new Cancellation(Instant.MAX)::check);
        assertDoesNotThrow(Cancellation.atNanoTime(System.nanoTime() + 60_000_000_000L)::check);
    }
}
