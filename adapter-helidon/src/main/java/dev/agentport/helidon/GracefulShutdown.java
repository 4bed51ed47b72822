package dev.agentport.helidon;

import dev.agentport.AgentPort;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;

/**
 * The first half of stopping the server, done while the listener still answers: the core drains (a new run gets 503
 * with {@code Retry-After} in its face's shape, runs in progress may finish within the grace period, what is left is
 * cancelled and writes its last event). Only then may the listener close. Helidon's own shutdown hook would close the
 * listener first, refusing connections and cutting every stream, so the server runs its {@code stop()} from this
 * hook instead.
 */
final class GracefulShutdown {

    /** How long the listener lets handlers finish writing once the core has drained. */
    static final Duration LISTENER_WRAP_UP = Duration.ofSeconds(1);

    private static final Logger LOG = LoggerFactory.getLogger(GracefulShutdown.class);

    private final FutureTask<Boolean> drain;
    private final Thread hook;

    /**
     * @param core the server's core (asked for when draining begins)
     * @param stop the server's {@code stop()}: drains through {@link #drain()}, then closes the listener
     */
    GracefulShutdown(Supplier<AgentPort> core, Runnable stop) {
        this.drain = new FutureTask<>(() -> core.get().drain(core.get().config().shutdownGrace()));
        this.hook = new Thread(stop, "agentport-shutdown");
    }

    /** Stops the server when the JVM is asked to stop (SIGTERM, Ctrl-C). */
    void onJvmShutdown() {
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Drains the core once; a second caller waits until the first has finished. */
    void drain() {
        drain.run();
        try {
            drain.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            LOG.error("draining failed; stopping anyway", e.getCause());
        }
        if (Thread.currentThread() != hook) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the JVM is stopping: the hook has run or is about to, and finds the drain done
            }
        }
    }
}
