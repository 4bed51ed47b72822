package dev.agentport.runtime;

import dev.agentport.agent.CancelCause;
import dev.agentport.agent.Cancellation;
import dev.agentport.agent.RunCancelledException;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunResult;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AgentThreadTest {

    @Test
    void a_run_called_on_a_virtual_thread_runs_on_that_thread_without_a_handoff() throws Exception {
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        Thread caller = onVirtualThread(() -> {
            AgentThread.call(context(Duration.ofMinutes(5), Cancellation.none()), () -> {
                ranOn.set(Thread.currentThread());
                return RunResult.of("done");
            });
            return Thread.currentThread();
        });
        assertSame(caller, ranOn.get());
    }

    @Test
    void a_run_called_on_a_platform_thread_goes_to_a_thread_of_its_own() throws Exception {
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        AgentThread.call(context(Duration.ofMinutes(5), Cancellation.none()), () -> {
            ranOn.set(Thread.currentThread());
            return RunResult.of("done");
        });
        assertTrue(ranOn.get().isVirtual());
    }

    @Test
    void a_run_blocked_on_its_callers_thread_is_stopped_at_its_deadline() throws Exception {
        Duration timeout = Duration.ofMillis(300);
        long start = System.nanoTime();
        Throwable thrown = failureOnVirtualThread(context(timeout, Cancellation.none()), () -> {
            Thread.sleep(60_000);
            return RunResult.of("never");
        });
        assertInstanceOf(RunTimeoutException.class, thrown);
        assertTrue(Duration.ofNanos(System.nanoTime() - start).compareTo(Duration.ofSeconds(5)) < 0);
    }

    @Test
    void a_cancelled_run_on_its_callers_thread_is_interrupted_and_reports_the_reason() throws Exception {
        Cancellation cancellation = new Cancellation(null);
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        CompletableFuture<Throwable> thrown = CompletableFuture.supplyAsync(
                () -> failureOf(context(null, cancellation), () -> {
                    started.countDown();
                    try {
                        Thread.sleep(60_000);
                    } catch (InterruptedException e) {
                        interrupted.set(true);
                        throw e;
                    }
                    return RunResult.of("never");
                }), task -> Thread.ofVirtual().start(task));
        assertTrue(started.await(5, TimeUnit.SECONDS));
        cancellation.cancel(CancelCause.CLIENT_LEFT);
        Throwable failure = thrown.get(5, TimeUnit.SECONDS);
        assertInstanceOf(RunCancelledException.class, failure);
        assertEquals("the client went away", failure.getMessage());
        assertTrue(interrupted.get());
    }

    @Test
    void a_run_that_ignores_the_interrupt_still_ends_as_timed_out_when_it_returns() throws Exception {
        Throwable thrown = failureOnVirtualThread(context(Duration.ofMillis(200), Cancellation.none()), () -> {
            long end = System.nanoTime() + Duration.ofMillis(600).toNanos();
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            return RunResult.of("late");
        });
        assertInstanceOf(RunTimeoutException.class, thrown);
    }

    @Test
    void the_callers_thread_is_not_left_interrupted_after_a_stopped_run() throws Exception {
        boolean interruptedAfter = onVirtualThread(() -> {
            try {
                AgentThread.call(context(Duration.ofMillis(100), Cancellation.none()), () -> {
                    Thread.sleep(60_000);
                    return RunResult.of("never");
                });
            } catch (RunTimeoutException expected) {
                // the run was stopped
            }
            return Thread.currentThread().isInterrupted();
        });
        assertFalse(interruptedAfter);
    }

    private static RunContext context(Duration timeout, Cancellation given) {
        Instant deadline = timeout == null ? null : Instant.now().plus(timeout);
        Cancellation cancellation = timeout == null ? given : new Cancellation(deadline);
        return RunContext.builder("s-1").deadline(deadline).cancellation(cancellation).build();
    }

    private static Throwable failureOnVirtualThread(RunContext context, AgentThread.Call call) throws Exception {
        return onVirtualThread(() -> failureOf(context, call));
    }

    private static Throwable failureOf(RunContext context, AgentThread.Call call) {
        try {
            AgentThread.call(context, call);
            return null;
        } catch (Exception e) {
            return e;
        }
    }

    private static <T> T onVirtualThread(Callable<T> work) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try {
                result.complete(work.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        });
        try {
            return result.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw (Exception) e.getCause();
        }
    }
}
