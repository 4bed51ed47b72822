package dev.agentport.lambdalocal;

import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The queue between the front and the Runtime API. Like one Lambda execution environment, the runtime takes one
 * invocation at a time (it asks for the next one only after answering); concurrent front requests wait here.
 *
 * <p>Two timers keep every request bounded: an invocation the runtime does not take within {@code pickupWait}
 * fails, and one it took but did not answer by its deadline fails with {@code Sandbox.Timedout} and the runtime
 * is killed, as Lambda does.
 */
public final class Invocations implements AutoCloseable {

    private static final Duration POLL = Duration.ofMillis(200);
    private static final Duration DEMAND_POLL = Duration.ofMillis(20);

    private final LinkedBlockingDeque<Invocation> pending = new LinkedBlockingDeque<>();
    private final Map<String, Invocation> inFlight = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("lambda-local-timers").factory());
    private final Duration timeout;
    private final Duration pickupWait;
    private final Clock clock;
    private volatile Runnable onTimeout = () -> { };
    private volatile boolean initFailed;
    private volatile boolean runtimeAsked;

    public Invocations(Duration timeout, Duration pickupWait, Clock clock) {
        this.timeout = timeout;
        this.pickupWait = pickupWait;
        this.clock = clock;
    }

    /** What to do when an invocation timed out in the function (normally: kill the runtime so it restarts). */
    public void onTimeout(Runnable action) {
        this.onTimeout = action;
    }

    public Duration timeout() {
        return timeout;
    }

    /** Queues an invocation for the runtime. */
    public void submit(Invocation invocation) {
        pending.add(invocation);
        timers.schedule(() -> {
            if (pending.remove(invocation)) {
                invocation.fail(new FunctionError("Runtime.Unavailable", "no runtime took the invocation within "
                        + pickupWait.toSeconds() + " s (is the function still starting, or busy?)"));
            }
        }, pickupWait.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Waits for the next invocation and hands it to the runtime, starting its deadline; empty once
     * {@code stillWaiting} turns false (the runtime's connection is gone). A request whose connection is gone already
     * (a late one of a runtime that exited, whose connections were dropped) does not count as the runtime asking.
     */
    public Optional<Invocation> take(BooleanSupplier stillWaiting) throws InterruptedException {
        if (!stillWaiting.getAsBoolean()) {
            return Optional.empty();
        }
        runtimeAsked = true;
        do {
            Invocation next = pending.poll(POLL.toMillis(), TimeUnit.MILLISECONDS);
            if (next != null) {
                next.dispatched(clock.instant(), timeout);
                inFlight.put(next.requestId(), next);
                timers.schedule(() -> timedOut(next), timeout.toMillis(), TimeUnit.MILLISECONDS);
                return Optional.of(next);
            }
        } while (stillWaiting.getAsBoolean());
        return Optional.empty();
    }

    /** Puts back an invocation that could not be delivered to the runtime, at the head of the queue. */
    public void giveBack(Invocation invocation) {
        if (inFlight.remove(invocation.requestId(), invocation) && !invocation.isSettled()) {
            pending.addFirst(invocation);
        }
    }

    /** The invocation the runtime is working on with this id, if any. */
    public Optional<Invocation> inFlight(String requestId) {
        return Optional.ofNullable(inFlight.get(requestId));
    }

    /** The runtime is done with this invocation. */
    public void done(Invocation invocation) {
        inFlight.remove(invocation.requestId(), invocation);
    }

    /** Fails what the runtime was working on, e.g. because it exited. */
    public void failInFlight(FunctionError error) {
        inFlight.values().removeIf(invocation -> {
            invocation.fail(error);
            return true;
        });
    }

    /** Fails everything still queued, e.g. because the function cannot initialise. */
    public void failPending(FunctionError error) {
        Invocation next;
        while ((next = pending.poll()) != null) {
            next.fail(error);
        }
    }

    /** A new runtime process is starting: it has not asked for an invocation yet. */
    public void runtimeStarting() {
        runtimeAsked = false;
    }

    /**
     * The runtime process exited. One that never asked for an invocation died in its init, which Lambda reports as a
     * failed init ({@code Runtime.ExitError} for what waits, and the next init only for the next request), unless it
     * reported its init's error itself before exiting: what was queued since then waits for the next init, which
     * will report its own; otherwise only what it was working on fails.
     */
    public void runtimeExited(int exitCode) {
        FunctionError error = new FunctionError("Runtime.ExitError", "Runtime exited with error: exit status "
                + exitCode);
        if (runtimeAsked) {
            failInFlight(error);
        } else if (!initFailed) {
            initFailed(error);
        }
        // Called once its connections are dropped: no request of the dead runtime counts for the next one
        runtimeAsked = false;
    }

    /**
     * The function could not initialise: what it was given and what waits for it fails with {@code error}, and
     * {@link #awaitDemandAfterInitFailure()} holds the next start until a request comes.
     */
    public void initFailed(FunctionError error) {
        initFailed = true;
        failInFlight(error);
        failPending(error);
    }

    /**
     * After a failed init, waits until a request is queued, as Lambda tries the init again only for the next
     * invocation; returns at once otherwise.
     */
    public void awaitDemandAfterInitFailure() throws InterruptedException {
        if (!initFailed) {
            return;
        }
        while (pending.isEmpty()) {
            Thread.sleep(DEMAND_POLL);
        }
        initFailed = false;
    }

    private void timedOut(Invocation invocation) {
        if (inFlight.remove(invocation.requestId(), invocation)
                && invocation.fail(new FunctionError("Sandbox.Timedout", String.format(Locale.ROOT,
                "Task timed out after %.2f seconds", timeout.toMillis() / 1000.0)))) {
            onTimeout.run();
        }
    }

    @Override
    public void close() {
        timers.shutdownNow();
        FunctionError closing = new FunctionError("Runtime.Shutdown", "lambda-local is shutting down");
        failPending(closing);
        failInFlight(closing);
    }
}
