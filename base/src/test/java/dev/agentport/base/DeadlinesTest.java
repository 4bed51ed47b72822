package dev.agentport.base;

import dev.agentport.base.Deadlines.Deadline;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DeadlinesTest {

    private static final long PATIENCE_SECONDS = 10;

    @Test
    void theActionRunsOnceTheDeadlineHasPassed() throws InterruptedException {
        CountDownLatch ran = new CountDownLatch(1);
        Deadline deadline = Deadlines.after(Duration.ofMillis(20), ran::countDown);

        assertTrue(ran.await(PATIENCE_SECONDS, TimeUnit.SECONDS));
        assertTrue(deadline.reached());
        assertFalse(deadline.cancel(), "too late to cancel");
    }

    @Test
    void aDeadlineAlreadyPastRunsAtTheNextSweep() throws InterruptedException {
        CountDownLatch ran = new CountDownLatch(1);
        Deadlines.after(Duration.ofMillis(-5), ran::countDown);

        assertTrue(ran.await(PATIENCE_SECONDS, TimeUnit.SECONDS));
    }

    @Test
    void aCancelledDeadlineNeverRunsItsAction() throws InterruptedException {
        AtomicInteger cancelledRuns = new AtomicInteger();
        Deadline cancelled = Deadlines.after(Duration.ofMillis(20), cancelledRuns::incrementAndGet);
        CountDownLatch later = new CountDownLatch(1);
        Deadlines.after(Duration.ofMillis(60), later::countDown);

        assertTrue(cancelled.cancel());
        assertTrue(later.await(PATIENCE_SECONDS, TimeUnit.SECONDS), "the sweeper went past the cancelled deadline");
        assertEquals(0, cancelledRuns.get());
        assertFalse(cancelled.reached());
    }

    @Test
    void aTimeoutOfCenturiesIsKeptAsNever() {
        Deadline never = Deadlines.after(Duration.ofDays(365L * 10_000), () -> { });

        assertTrue(never.cancel());
    }

    @Test
    void aFailingActionLeavesTheOtherDeadlinesKept() throws InterruptedException {
        Deadlines.after(Duration.ZERO, () -> {
            throw new IllegalStateException("an action's own failure");
        });
        CountDownLatch ran = new CountDownLatch(1);
        Deadlines.after(Duration.ofMillis(30), ran::countDown);

        assertTrue(ran.await(PATIENCE_SECONDS, TimeUnit.SECONDS));
    }

    @Test
    void theSweeperSleepsWithoutDeadlinesAndWakesForANewOne() throws InterruptedException {
        CountDownLatch first = new CountDownLatch(1);
        Deadlines.after(Duration.ZERO, first::countDown);
        assertTrue(first.await(PATIENCE_SECONDS, TimeUnit.SECONDS));
        Thread sweeper = Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().equals("agentport-deadlines")).findFirst().orElseThrow();

        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(PATIENCE_SECONDS);
        while (sweeper.getState() != Thread.State.WAITING && System.nanoTime() < giveUp) {
            Thread.sleep(5);
        }
        assertEquals(Thread.State.WAITING, sweeper.getState(), "parked until a deadline is set, not sweeping");

        CountDownLatch second = new CountDownLatch(1);
        Deadlines.after(Duration.ofMillis(10), second::countDown);
        assertTrue(second.await(PATIENCE_SECONDS, TimeUnit.SECONDS));
    }
}
