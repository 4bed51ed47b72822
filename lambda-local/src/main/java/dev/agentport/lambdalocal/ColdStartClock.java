package dev.agentport.lambdalocal;

import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs each cold start of the function's runtime once it first answers, as AWS reports one: the init (from the
 * process's start to its first {@code GET invocation/next}) plus the first invocation (from its event being given to
 * the runtime to the runtime's answer). Between the two the runtime may wait for the first request, which the
 * emulator sends only once its front is up: that wait is no part of the function's cold start, so it is left out of
 * that figure and shown apart, in the wall time from the process's start to its first answer. The CPU time the
 * process had used by its first answer is the steadiest figure on a busy machine; its main thread's share (Linux) is
 * what the first answer waited for, without the JVM's compiler and other threads beside it.
 */
final class ColdStartClock implements RuntimeObserver {

    private static final Logger LOG = LoggerFactory.getLogger(ColdStartClock.class);

    /** The times of one start of the runtime, in {@link System#nanoTime()}; 0 until they happen. */
    private static final class Start {
        final long startedAt = System.nanoTime();
        volatile long firstNextAt;
        volatile long deliveredAt;
    }

    private volatile FunctionProcess function;
    private volatile Start start;

    /** The process whose CPU time goes with the figure. */
    void measuring(FunctionProcess function) {
        this.function = function;
    }

    /** The runtime's process is about to start. */
    void started() {
        start = new Start();
    }

    @Override
    public void askedForNext() {
        Start current = start;
        if (current != null && current.firstNextAt == 0) {
            current.firstNextAt = System.nanoTime();
        }
    }

    @Override
    public void delivered(Invocation invocation) {
        Start current = start;
        if (current != null && current.deliveredAt == 0) {
            current.deliveredAt = System.nanoTime();
        }
    }

    @Override
    public void answered(Invocation invocation) {
        Start current = start;
        start = null;
        if (current == null || current.firstNextAt == 0 || current.deliveredAt == 0) {
            return;
        }
        long now = System.nanoTime();
        double init = (current.firstNextAt - current.startedAt) / 1e6;
        double first = (now - current.deliveredAt) / 1e6;
        String cpu = function == null ? "" : function.cpuTime()
                .map(used -> ", CPU " + used.toMillis() + " ms")
                .orElse("");
        String mainThread = function == null ? "" : function.mainThreadCpuTime()
                .map(used -> ", main thread's CPU " + used.toMillis() + " ms")
                .orElse("");
        LOG.info(String.format(Locale.ROOT, "cold start: init %.0f ms + first invocation %.0f ms = %.0f ms"
                        + " (as AWS reports it); runtime process start to first answer %.0f ms%s%s",
                init, first, init + first, (now - current.startedAt) / 1e6, cpu, mainThread));
    }
}
