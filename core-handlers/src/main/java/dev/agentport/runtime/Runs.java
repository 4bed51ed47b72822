package dev.agentport.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Agent;
import dev.agentport.agent.Cancellation;
import dev.agentport.agent.Interrupt;
import dev.agentport.agent.ResumableAgent;
import dev.agentport.agent.ResumeInput;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.agent.Turn;
import dev.agentport.json.Json;
import dev.agentport.session.PausedRun;
import dev.agentport.session.SessionStore;
import dev.agentport.store.StoreUnavailableException;
import io.opentelemetry.context.Context;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.TimeoutException;

/**
 * Runs the agent for every face: opens or continues the session, applies the deadline, records the finished turn or
 * keeps the paused run. Faces only translate their wire format to and from these calls.
 */
public final class Runs {

    /** Time kept back from a platform deadline so that the error can still be written before the platform cuts us. */
    static final Duration DEADLINE_MARGIN = Duration.ofMillis(500);

    private final Agent agent;
    private final SessionStore sessions;
    private final Duration runTimeout;
    private final Path workDir;
    private final RunRegistry registry = new RunRegistry();

    public Runs(Agent agent, SessionStore sessions, Duration runTimeout) {
        this(agent, sessions, runTimeout, null);
    }

    public Runs(Agent agent, SessionStore sessions, Duration runTimeout, Path workDir) {
        this.agent = agent;
        this.sessions = sessions;
        this.runTimeout = runTimeout == null || runTimeout.isZero() ? null : runTimeout;
        this.workDir = workDir;
    }

    /** The runs in progress on this instance. */
    public RunRegistry registry() {
        return registry;
    }

    public Agent agent() {
        return agent;
    }

    public SessionStore sessions() {
        return sessions;
    }

    /** Builds the context of a new run: the session id (generated when absent), its history and its deadline. */
    public RunContext context(RunRequest request) {
        String sessionId = request.sessionId() == null ? newSessionId() : request.sessionId();
        Instant deadline = deadline(request.deadline());
        Cancellation cancellation = new Cancellation(deadline);
        request.connection().onClose(() -> cancellation.cancel("the client went away"));
        return RunContext.builder(sessionId)
                .history(sessions.history(sessionId))
                .config(request.config() == null ? Json.object() : request.config())
                .metadata(request.metadata() == null ? Json.object() : request.metadata())
                .requestId(request.requestId())
                .traceId(request.traceId())
                .traceparent(request.traceparent())
                .deadline(deadline)
                .cancellation(cancellation)
                .taskId(request.taskId() == null ? sessionId : request.taskId())
                .contextId(request.contextId())
                .extensions(request.extensions())
                .workDir(workDir)
                .build();
    }

    /** A synchronous run; records the turn, or keeps the run when it paused. */
    public RunResult invoke(RunInput input, RunContext context) throws Exception {
        RunResult result;
        try (RunRegistry.Registration running = registry.register(context.taskId(), context.cancellation())) {
            result = Tracing.inSpan("agent.invoke", context,
                    () -> AgentThread.call(context, () -> agent.invoke(input, context)));
        }
        record(input.value(), context, result);
        return result;
    }

    /**
     * A streaming run on the caller's thread. The emitter reports the client going away by throwing, and checks the
     * deadline on every event.
     */
    public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) throws Exception {
        RunResult result = Tracing.inSpan("agent.stream", context, () -> agent.stream(input, context, emitter));
        context.cancellation().check();
        record(input.value(), context, result);
        return result;
    }

    /**
     * Continues a paused run with the human's answer; of concurrent calls for one run, exactly one continues it.
     * Throws {@link ThreadNotFoundException} when no run is paused under {@code runId}.
     */
    public RunResult resume(String runId, JsonNode humanInput, RunContext asked) throws Exception {
        PausedRun paused = sessions.claimPaused(runId).orElseThrow(() -> new ThreadNotFoundException(runId));
        String threadId = paused.sessionId();
        RunContext context;
        try {
            context = inConversation(asked, threadId);
        } catch (StoreUnavailableException e) {
            putBack(paused, e);
            throw e;
        }
        RunResult result;
        try {
            ResumeInput resume = new ResumeInput(threadId, humanInput, paused.interrupt(), paused.input());
            try (RunRegistry.Registration running = registry.register(context.taskId(), context.cancellation())) {
                result = Tracing.inSpan("agent.resume", context,
                        () -> AgentThread.call(context, () -> ResumableAgent.of(agent).resume(resume, context)));
            }
        } catch (RunTimeoutException e) {
            // The agent may still be finishing the resume on its own thread: the paused run is used up, so that a
            // retry cannot carry out the human's decision a second time.
            throw e;
        } catch (Exception e) {
            putBack(paused, e);
            throw e;
        }
        // A turn that cannot be recorded now fails the call, but the paused run stays used up: the agent has carried
        // out the human's decision, and a retry must not carry it out again.
        record(humanInput, context, result);
        return result;
    }

    /**
     * The context moved to the paused run's own conversation, when the reply named another (or none): the agent sees
     * that conversation's history, and the finished turn is recorded there.
     */
    private RunContext inConversation(RunContext context, String sessionId) {
        if (context.sessionId().equals(sessionId)) {
            return context;
        }
        return new RunContext(sessionId, sessions.history(sessionId), context.config(), context.metadata(),
                context.requestId(), context.traceId(), context.traceparent(), context.deadline(),
                context.cancellation(), context.taskId(), context.contextId(), context.extensions(),
                context.workDir());
    }

    /** What the caller sees of a paused run: {@code {"status":"interrupted","thread_id",...,"awaiting":[...]}}. */
    public static ObjectNode interruptedOutput(String threadId, Interrupt interrupt) {
        ObjectNode output = Json.object();
        output.put("status", "interrupted");
        output.put("thread_id", threadId);
        output.set("awaiting", Json.MAPPER.valueToTree(interrupt.awaiting()));
        if (interrupt.prompt() != null) {
            interrupt.prompt().properties().forEach(field -> output.putIfAbsent(field.getKey(), field.getValue()));
        }
        return output;
    }

    /**
     * Records the finished turn (or keeps the paused run), appending against the version so no turn is lost. A store
     * failure is thrown, so that the caller is never told of a turn or a pause that was not kept: a paused run whose
     * turn could not be recorded is withdrawn again when the store lets us.
     */
    private void record(JsonNode input, RunContext context, RunResult result) {
        if (!result.isInterrupted()) {
            sessions.append(context.sessionId(), new Turn(input, result.output(), Instant.now()));
            return;
        }
        sessions.savePaused(new PausedRun(context.taskId(), context.sessionId(), input, result.interrupt(),
                Instant.now()));
        try {
            sessions.append(context.sessionId(), new Turn(input,
                    interruptedOutput(context.sessionId(), result.interrupt()), Instant.now()));
        } catch (StoreUnavailableException e) {
            withdraw(context.taskId(), e);
            throw e;
        }
    }

    /** Keeps a claimed paused run again after continuing it failed before the agent ran to its end. */
    private void putBack(PausedRun paused, Exception failure) {
        try {
            sessions.savePaused(paused);
        } catch (StoreUnavailableException e) {
            failure.addSuppressed(e);
            if (!(failure instanceof StoreUnavailableException)) {
                throw e;
            }
        }
    }

    private void withdraw(String runId, StoreUnavailableException failure) {
        try {
            sessions.claimPaused(runId);
        } catch (StoreUnavailableException e) {
            failure.addSuppressed(e);
        }
    }

    private Instant deadline(Instant platformDeadline) {
        Instant deadline = platformDeadline == null ? null : platformDeadline.minus(DEADLINE_MARGIN);
        if (runTimeout != null) {
            Instant byTimeout = Instant.now().plus(runTimeout);
            deadline = deadline == null || byTimeout.isBefore(deadline) ? byTimeout : deadline;
        }
        return deadline;
    }

    private static String newSessionId() {
        return UUID.randomUUID().toString();
    }
}
