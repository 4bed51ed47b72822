package dev.agentport.lambdalocal;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the function's runtime as a child process and keeps it running: when it exits (crash, timeout kill, init
 * failure) it is started again once its {@link RestartGate} lets it, with a growing pause if it keeps dying young.
 * {@link #close()} stops it and all its descendants.
 */
public final class FunctionProcess implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(FunctionProcess.class);
    private static final Duration FIRST_PAUSE = Duration.ofMillis(200);
    private static final Duration LONGEST_PAUSE = Duration.ofSeconds(5);
    private static final Duration STOP_GRACE = Duration.ofSeconds(3);

    private final FunctionLaunch launch;
    private final IntConsumer onExit;
    private final Runnable onStart;
    private final RestartGate restartGate;
    private volatile boolean running;
    private volatile Process current;
    private Thread supervisor;

    /**
     * @param onStart told just before each start (used to time cold starts)
     * @param onExit  told the exit code after each exit, before the restart
     */
    public FunctionProcess(FunctionLaunch launch, Runnable onStart, IntConsumer onExit) {
        this(launch, onStart, onExit, () -> { });
    }

    /** @param restartGate waited for before each restart (e.g. for a request, after a failed init) */
    public FunctionProcess(FunctionLaunch launch, Runnable onStart, IntConsumer onExit, RestartGate restartGate) {
        this.launch = launch;
        this.onStart = onStart;
        this.onExit = onExit;
        this.restartGate = restartGate;
    }

    /** What must happen before the runtime is started again. */
    @FunctionalInterface
    public interface RestartGate {
        void await() throws InterruptedException;
    }

    public synchronized FunctionProcess start() {
        running = true;
        supervisor = Thread.ofPlatform().name("lambda-local-function").daemon().start(this::superviseLoop);
        return this;
    }

    /**
     * The CPU time (user + system) the running runtime process has used so far; empty between processes or where the
     * platform does not tell it.
     */
    public Optional<Duration> cpuTime() {
        Process process = current;
        return process == null ? Optional.empty() : process.info().totalCpuDuration();
    }

    /**
     * The CPU time (user + system) the running runtime's main thread has used so far: on Linux, the thread of the
     * process that kept the launcher's name ({@code java}) and used the most, read from {@code /proc}; empty elsewhere.
     * What a cold start's first answer waits for, apart from the JVM's own threads (compiler, GC) beside it.
     */
    public Optional<Duration> mainThreadCpuTime() {
        Process process = current;
        return process == null ? Optional.empty() : MainThreadCpu.of(process.pid());
    }

    /** Kills the runtime (e.g. after a timeout, as Lambda does); it is started again. */
    public void restart() {
        Process process = current;
        if (process != null) {
            LOG.info("stopping the function runtime (pid " + process.pid() + ") so that it restarts");
            stop(process);
        }
    }

    @Override
    public void close() {
        running = false;
        Process process = current;
        if (process != null) {
            stop(process);
        }
        if (supervisor != null) {
            supervisor.interrupt();
            try {
                supervisor.join(STOP_GRACE.plusSeconds(1).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void superviseLoop() {
        Duration pause = FIRST_PAUSE;
        while (running) {
            long startedAt = System.nanoTime();
            try {
                onStart.run();
                ProcessBuilder builder = new ProcessBuilder(launch.command())
                        .directory(launch.workingDirectory().toFile());
                builder.environment().clear();
                builder.environment().putAll(launch.environment());
                Process process = builder.start();
                process.getOutputStream().close();
                copy(process.getInputStream(), System.out);
                copy(process.getErrorStream(), System.err);
                synchronized (this) {
                    current = process;
                    if (!running) {
                        stop(process);
                    }
                }
                int exit = process.waitFor();
                current = null;
                if (running) {
                    LOG.warn("the function runtime exited with code " + exit + "; it starts again (after a "
                            + "failed init, with the next request)");
                }
                onExit.accept(exit);
            } catch (IOException e) {
                LOG.error("cannot start the function runtime: " + launch.command(), e);
                onExit.accept(-1);
            } catch (InterruptedException e) {
                return;
            }
            boolean diedYoung = System.nanoTime() - startedAt < LONGEST_PAUSE.toNanos();
            pause = diedYoung ? min(pause.multipliedBy(2), LONGEST_PAUSE) : FIRST_PAUSE;
            if (running && !sleep(diedYoung ? pause : FIRST_PAUSE)) {
                return;
            }
            try {
                restartGate.await();
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** The function's logs go to lambda-local's own output, as Lambda sends them to CloudWatch. */
    private static void copy(InputStream from, PrintStream to) {
        Thread.ofVirtual().name("lambda-local-function-output").start(() -> {
            byte[] buffer = new byte[8192];
            try (from) {
                int read;
                while ((read = from.read(buffer)) != -1) {
                    to.write(buffer, 0, read);
                    to.flush();
                }
            } catch (IOException ended) {
                // the process is gone
            }
        });
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    private static boolean sleep(Duration pause) {
        try {
            Thread.sleep(pause);
            return true;
        } catch (InterruptedException e) {
            return false;
        }
    }

    /** SIGTERM to the process and all its descendants, then SIGKILL to whatever is left after a grace period. */
    private static void stop(Process process) {
        var descendants = process.descendants().toList();
        descendants.forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
