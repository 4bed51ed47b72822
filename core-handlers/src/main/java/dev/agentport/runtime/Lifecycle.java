package dev.agentport.runtime;

import dev.agentport.agent.Agent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Where the server is in its life: LOADING while {@link Agent#load()} runs, then READY, or FAILED when loading threw or
 * passed the start-up timeout; DRAINING once shutdown has begun (new runs are refused, running ones may finish).
 */
public final class Lifecycle {

    public enum State { LOADING, READY, FAILED, DRAINING }

    private static final Logger LOG = LoggerFactory.getLogger(Lifecycle.class);

    private final AtomicReference<State> state = new AtomicReference<>(State.LOADING);
    private final CountDownLatch settled = new CountDownLatch(1);

    /** Runs {@code agent.load()} on a background thread; returns at once. Past {@code timeout}, the load is FAILED. */
    public void loadInBackground(Agent agent, Duration timeout) {
        Thread loader = Thread.ofPlatform().name("agent-loader").daemon().start(() -> load(agent));
        if (timeout != null && !timeout.isZero()) {
            Thread.ofVirtual().name("agent-load-timeout").start(() -> {
                try {
                    if (!settled.await(timeout.toMillis(), TimeUnit.MILLISECONDS)
                            && state.compareAndSet(State.LOADING, State.FAILED)) {
                        LOG.error("agent did not load within STARTUP_TIMEOUT ({}); reported as failed", timeout);
                        loader.interrupt();
                        settled.countDown();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
    }

    /** As {@link #loadInBackground(Agent, Duration)} without a time limit. */
    public void loadInBackground(Agent agent) {
        loadInBackground(agent, null);
    }

    /** Runs {@code agent.load()} on this thread (Lambda's init phase, tests). */
    public void load(Agent agent) {
        try {
            agent.load();
            if (state.compareAndSet(State.LOADING, State.READY)) {
                LOG.info("agent loaded");
            }
        } catch (Throwable e) {
            if (state.compareAndSet(State.LOADING, State.FAILED)) {
                LOG.error("agent failed to load; protected endpoints answer 503", e);
            }
        } finally {
            settled.countDown();
        }
    }

    /** Begins shutdown: from now on new runs are refused with 503 and health reports not ready. */
    public void beginDraining() {
        State before = state.getAndSet(State.DRAINING);
        if (before != State.DRAINING) {
            LOG.info("draining: new runs are refused, running ones may finish");
        }
        settled.countDown();
    }

    public State state() {
        return state.get();
    }

    public boolean isReady() {
        return state.get() == State.READY;
    }

    /** Waits until loading has finished one way or the other. */
    public boolean awaitSettled(long timeout, TimeUnit unit) throws InterruptedException {
        return settled.await(timeout, unit);
    }
}
