package dev.agentport.runtime;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Agent;
import dev.agentport.agent.CancelCause;
import dev.agentport.agent.Interrupt;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.Json;
import dev.agentport.session.SessionStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * The run engine: every face asks it for a {@link Run} ({@link #newRun}), and it keeps what runs share: the agent, the
 * conversations, the one deadline rule, the runs in progress on this instance (for cancelling one and for the drain).
 */
public final class Runs {

    private static final Logger LOG = LoggerFactory.getLogger(Runs.class);
    /** The {@code status} of a paused run's turn ({@link #interruptedOutput}). */
    static final String INTERRUPTED = "interrupted";

    /**
     * Time kept back from a platform's deadline (Lambda's), so that the face's answer to a run cut short is still
     * written before the platform cuts the invocation.
     */
    public static final Duration DEADLINE_MARGIN = Duration.ofMillis(500);

    /** How long cancelled runs get to write their last event once shutdown's grace period has ended. */
    static final Duration CANCEL_WRAP_UP = Duration.ofSeconds(1);

    private final Agent agent;
    private final SessionStore sessions;
    private final Duration runTimeout;
    private final Path workDir;
    private final RunRegistry registry = new RunRegistry();
    private final boolean tracing;

    /** An engine whose runs are traced (a span each, through the global OpenTelemetry). */
    public Runs(Agent agent, SessionStore sessions, Duration runTimeout, Path workDir) {
        this(agent, sessions, runTimeout, workDir, true);
    }

    /** With {@code tracing} false, runs make no span and the global OpenTelemetry is never looked up. */
    public Runs(Agent agent, SessionStore sessions, Duration runTimeout, Path workDir, boolean tracing) {
        this.tracing = tracing;
        this.agent = agent;
        this.sessions = sessions;
        this.runTimeout = runTimeout == null || runTimeout.isZero() ? null : runTimeout;
        this.workDir = workDir;
    }

    /** A run for {@code request}: its trace id, request id, traceparent, deadline and connection come from it. */
    public Run.Builder newRun(HttpRequest request) {
        return new Run.Builder(this, request);
    }

    /**
     * When work started now for a request must end: the run timeout from now, or the platform's deadline less
     * {@link #DEADLINE_MARGIN}, whichever comes first; {@code null} when neither applies.
     */
    public Instant deadline(Instant platformDeadline) {
        return deadline(platformDeadline, Instant.now());
    }

    /** As {@link #deadline(Instant)}, for work started at {@code now}. */
    Instant deadline(Instant platformDeadline, Instant now) {
        Instant deadline = platformDeadline == null ? null : platformDeadline.minus(DEADLINE_MARGIN);
        if (runTimeout != null) {
            Instant byTimeout = now.plus(runTimeout);
            deadline = deadline == null || byTimeout.isBefore(deadline) ? byTimeout : deadline;
        }
        return deadline;
    }

    /** Cancels the runs in progress here under {@code runId}; false when there is none. */
    public boolean cancel(String runId, CancelCause cause, String detail) {
        return registry.cancel(runId, cause, detail);
    }

    /** The drain's hold on work that goes on after its run has ended; closing it releases the drain. */
    public interface Hold extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Holds the drain (and {@link #awaitIdle}) until the returned hold is closed: for a face's work that outlives its
     * run, such as storing a task's end, which a shutdown must not cut off. It is not a run: {@link #running} does
     * not count it, and a cancel does not reach it.
     */
    public Hold hold() {
        return registry.hold()::close;
    }

    /** How many runs are in progress here. */
    public int running() {
        return registry.size();
    }

    /** Waits until no run is in progress or {@code timeout} has passed; true when none is left. */
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        return registry.awaitIdle(timeout);
    }

    /**
     * Lets the runs in progress finish within {@code grace}, then cancels what is left ({@link CancelCause#SHUTDOWN})
     * and gives it a moment to write its last event. True when every run finished by itself.
     */
    public boolean drain(Duration grace) throws InterruptedException {
        LOG.info("draining {} run(s) with a grace period of {}", registry.size(), grace);
        if (registry.awaitIdle(grace)) {
            return true;
        }
        LOG.warn("{} run(s) still in progress when the grace period ended; cancelling them", registry.size());
        registry.cancelAll(CancelCause.SHUTDOWN);
        registry.awaitIdle(CANCEL_WRAP_UP);
        return false;
    }

    public Agent agent() {
        return agent;
    }

    public SessionStore sessions() {
        return sessions;
    }

    /** The run timeout; null for none. */
    Duration runTimeout() {
        return runTimeout;
    }

    boolean tracing() {
        return tracing;
    }

    RunRegistry registry() {
        return registry;
    }

    Path workDir() {
        return workDir;
    }

    /** What the caller sees of a paused run: {@code {"status":"interrupted","thread_id",...,"awaiting":[...]}}. */
    public static ObjectNode interruptedOutput(String threadId, Interrupt interrupt) {
        ObjectNode output = Json.object();
        output.put("status", INTERRUPTED);
        output.put("thread_id", threadId);
        output.set("awaiting", Json.MAPPER.valueToTree(interrupt.awaiting()));
        if (interrupt.prompt() != null) {
            interrupt.prompt().properties().forEach(field -> output.putIfAbsent(field.getKey(), field.getValue()));
        }
        return output;
    }
}
