package dev.agentport.helidon;

import dev.agentport.AgentPort;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Stops the server in the order callers need: first the core drains while the listener still answers (a new run gets
 * 503 with {@code Retry-After} in its face's shape, runs in progress may finish within the grace period, what is
 * left is cancelled and writes its last event), then the listener stops. Helidon's own shutdown hook would close the
 * listener first, refusing connections and cutting every stream, so this one replaces it.
 */
final class GracefulShutdown {

    /** How long the listener lets handlers finish writing once the core has drained. */
    static final Duration LISTENER_WRAP_UP = Duration.ofSeconds(1);

    private static final Logger LOG = LoggerFactory.getLogger(GracefulShutdown.class);

    private final FutureTask<Void> sequence;
    private final Thread hook;

    GracefulShutdown(AgentPort core, Runnable stopListener, Duration grace) {
        this.sequence = new FutureTask<>(() -> stop(core, stopListener, grace), null);
        this.hook = new Thread(this::run, "agentport-shutdown");
    }

    /** Runs the sequence when the JVM is asked to stop (SIGTERM, Ctrl-C). */
    void onJvmShutdown() {
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Runs the sequence once; a second caller waits until the first has finished it. */
    void run() {
        sequence.run();
        try {
            sequence.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            LOG.error("shutdown failed", e.getCause());
        }
        if (Thread.currentThread() != hook) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the JVM is stopping: the hook has run or is about to, and finds the sequence done
            }
        }
    }

    private static void stop(AgentPort core, Runnable stopListener, Duration grace) {
        try {
            core.drain(grace);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            stopListener.run();
        }
    }
}
