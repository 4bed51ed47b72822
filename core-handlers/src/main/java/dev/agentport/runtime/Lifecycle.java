package dev.agentport.runtime;

import dev.agentport.agent.Agent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Whether the agent is ready: LOADING while {@link Agent#load()} runs, then READY (or FAILED). */
public final class Lifecycle {

    public enum State { LOADING, READY, FAILED }

    private static final Logger LOG = LoggerFactory.getLogger(Lifecycle.class);

    private volatile State state = State.LOADING;
    private final CountDownLatch settled = new CountDownLatch(1);

    /** Runs {@code agent.load()} on a background thread; returns at once. */
    public void loadInBackground(Agent agent) {
        Thread.ofPlatform().name("agent-loader").daemon().start(() -> load(agent));
    }

    /** Runs {@code agent.load()} on this thread (Lambda's init phase, tests). */
    public void load(Agent agent) {
        try {
            agent.load();
            state = State.READY;
            LOG.info("agent loaded");
        } catch (Throwable e) {
            state = State.FAILED;
            LOG.error("agent failed to load; protected endpoints answer 503", e);
        } finally {
            settled.countDown();
        }
    }

    public State state() {
        return state;
    }

    public boolean isReady() {
        return state == State.READY;
    }

    /** Waits until loading has finished one way or the other. */
    public boolean awaitSettled(long timeout, TimeUnit unit) throws InterruptedException {
        return settled.await(timeout, unit);
    }
}
