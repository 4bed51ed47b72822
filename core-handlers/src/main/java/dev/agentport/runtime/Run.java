package dev.agentport.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.CancelCause;
import dev.agentport.agent.Cancellation;
import dev.agentport.agent.ResumableAgent;
import dev.agentport.agent.ResumeInput;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.agent.Turn;
import dev.agentport.base.Deadlines;
import dev.agentport.base.IdBytes;
import dev.agentport.http.ClientConnection;
import dev.agentport.http.EventSink;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.session.PausedRun;
import dev.agentport.store.StoreUnavailableException;
import dev.agentport.telemetry.RequestIdentities;
import dev.agentport.telemetry.TraceIds;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * One run of the agent, as a face asks for it: built from the request and the face's own fields, then carried out
 * once with {@link #invoke}, {@link #stream}, {@link #resume} or, for an answer written as events, {@link #streamTo}.
 * The run owns everything around the agent call: its registration for the drain, its deadline, its cancellation and
 * that cancellation's cause, the thread it runs on, its span, and keeping the turn or the paused run. It never throws:
 * the face renders the {@link RunOutcome}.
 */
public final class Run {

    /** What a face writes as events around the run: frames before it, the run itself, frames after it. */
    @FunctionalInterface
    public interface EventBody {
        RunOutcome write(Frames frames) throws Exception;
    }

    private final Runs engine;
    private final RunContext.Builder context;
    private final String sessionId;
    private final String traceId;
    private final String traceparent;
    private final String requestId;
    private final String taskId;
    private final String operation;
    private final Cancellation cancellation;
    private final Instant deadline;
    /** The deadline as a {@link System#nanoTime()} value, for the deadline sweeper; unused when there is none. */
    private final long deadlineNanos;
    private final List<Turn> seedHistory;
    /** The named conversation's turns, read when the run is built; null for a new conversation. */
    private final List<Turn> history;
    private final Run parent;
    private final Consumer<Run> onStart;
    /** Set while {@link #streamTo} runs: the pump then owns registration, deadline and thread. */
    private volatile boolean pumping;
    /** The registration taken when the run was built ({@link Builder#registeredNow()}), until the run adopts it. */
    private final AtomicReference<RunRegistry.Registration> registeredAhead = new AtomicReference<>();

    private Run(Builder builder) {
        this.engine = builder.engine;
        this.parent = builder.parent;
        this.sessionId = builder.sessionId == null ? IdBytes.uuid() : builder.sessionId;
        // A run within another serves the same request: its ids are the outer run's, read once.
        this.traceId = parent != null ? parent.traceId : TraceIds.of(builder.request);
        this.operation = builder.operation;
        this.seedHistory = builder.seedHistory;
        this.onStart = builder.onStart;
        // Read now, while the face can still answer a store outage with its plain error: a stream is not open yet,
        // and an A2A task is not stored yet. A conversation the run (or its face) made up has no turns to read.
        this.history = builder.sessionId == null || builder.newSession
                ? null : engine.sessions().history(builder.sessionId);
        if (parent != null) {
            this.deadline = parent.deadline;
            this.deadlineNanos = parent.deadlineNanos;
            this.cancellation = parent.cancellation;
        } else {
            // One reading of the wall clock for both forms of the deadline
            Instant now = Instant.now();
            Instant platformDeadline = builder.request.deadline();
            this.deadline = engine.deadline(platformDeadline, now);
            // Without a platform's deadline it is the run timeout from now: no Duration to make for it
            this.deadlineNanos = deadline == null ? 0 : platformDeadline == null
                    ? Deadlines.nanoTimeAfter(engine.runTimeout())
                    : Deadlines.nanoTimeAfter(Duration.between(now, deadline));
            this.cancellation = deadline == null ? Cancellation.none() : Cancellation.atNanoTime(deadlineNanos);
            ClientConnection connection = builder.request.connection();
            if (!builder.detached && connection != ClientConnection.UNKNOWN) {
                connection.onClose(() -> cancellation.cancel(CancelCause.CLIENT_LEFT));
            }
        }
        HttpRequest request = builder.request;
        this.traceparent = parent != null ? parent.traceparent : request.header(HttpHeaderNames.TRACEPARENT);
        this.requestId = parent != null ? parent.requestId : RequestIdentities.callersRequestId(request);
        this.taskId = builder.taskId == null ? sessionId : builder.taskId;
        this.context = RunContext.builder(sessionId)
                .config(builder.config)
                .metadata(builder.metadata)
                .requestId(requestId)
                .traceId(traceId)
                .traceparent(traceparent)
                .deadline(deadline)
                .cancellation(cancellation)
                .taskId(taskId)
                .contextId(builder.contextId)
                .extensions(builder.extensions)
                .workDir(engine.workDir());
        if (builder.registeredNow && parent == null) {
            registeredAhead.set(engine.registry().register(taskId, cancellation));
        }
    }

    /** The conversation: the one the caller named, else a new one. */
    public String sessionId() {
        return sessionId;
    }

    /**
     * Whether the conversation's last turn is a run of it that paused for a human, as this engine keeps one: a face
     * that takes the next message as the human's answer asks this before it tries to claim the paused run, so that
     * other messages cost no store request.
     */
    public boolean followsPause() {
        if (history == null || history.isEmpty()) {
            return false;
        }
        JsonNode output = history.getLast().output();
        return output != null && Runs.INTERRUPTED.equals(output.path("status").asText(null))
                && sessionId.equals(output.path("thread_id").asText(null));
    }

    /** The run's id: the task id the face gave, else the session id. */
    public String taskId() {
        return taskId;
    }

    public String traceId() {
        return traceId;
    }

    /** When the run must end: the run timeout or the platform's deadline, whichever comes first; null for none. */
    public Instant deadline() {
        return deadline;
    }

    /** Whether the run was cancelled, and why: {@link Cancellation#cause()}. */
    public Cancellation cancellation() {
        return cancellation;
    }

    /** Cancels the run (a client's cancel request); the run ends with a {@link RunOutcome.Failed} of that cause. */
    public void cancel(CancelCause cause, String detail) {
        cancellation.cancel(cause, detail);
    }

    /** A synchronous run; keeps the turn, or the paused run when it paused. */
    public RunOutcome invoke(RunInput input) {
        return carryOut("agent.invoke", () -> {
            RunContext ctx = contextWithHistory(sessionId);
            RunResult result = agentCall(ctx, () -> engine.agent().invoke(input, ctx));
            record(input.value(), ctx, result);
            return result;
        });
    }

    /** A run that sends its events to {@code emitter} as they happen; keeps the turn, or the paused run. */
    public RunOutcome stream(RunInput input, RunEmitter emitter) {
        return carryOut("agent.stream", () -> {
            RunContext ctx = contextWithHistory(sessionId);
            RunResult result = agentCall(ctx, () -> engine.agent().stream(input, ctx, emitter));
            cancellation.check();
            record(input.value(), ctx, result);
            return result;
        });
    }

    /**
     * Continues the run paused under {@code runId} with the human's answer, in that run's own conversation; of
     * concurrent calls for one paused run exactly one continues it, the others end {@link AgentFailures.Kind#NOT_FOUND}.
     */
    public RunOutcome resume(String runId, JsonNode humanInput) {
        return carryOut("agent.resume", () -> {
            PausedRun paused = engine.sessions().claimPaused(runId)
                    .orElseThrow(() -> new ThreadNotFoundException(runId));
            RunContext ctx;
            try {
                ctx = contextWithHistory(paused.sessionId());
            } catch (StoreUnavailableException e) {
                putBack(paused, e);
                throw e;
            }
            RunResult result;
            try {
                ResumeInput resume = new ResumeInput(paused.sessionId(), humanInput, paused.interrupt(),
                        paused.input());
                result = agentCall(ctx, () -> ResumableAgent.of(engine.agent()).resume(resume, ctx));
            } catch (Exception e) {
                // Past the deadline the agent may still be finishing on its own thread: the paused run stays used
                // up, so that a retry cannot carry out the human's decision a second time.
                if (!(e instanceof RunTimeoutException) && cancellation.cause() != CancelCause.DEADLINE) {
                    putBack(paused, e);
                }
                throw e;
            }
            // A turn that cannot be kept fails the call, but the paused run stays used up: the agent has carried out
            // the human's decision, and a retry must not carry it out again.
            record(humanInput, ctx, result);
            return result;
        });
    }

    /**
     * Writes the run as events: {@code body} runs on a thread of its own and emits frames (it calls {@link #invoke},
     * {@link #stream} or {@link #resume} of this run in between), while this thread writes them to {@code sink} as
     * they come, until the body ends, the deadline passes or the run is cancelled. The face writes its last event
     * after this returns. Throws the sink's {@link IOException} when the client has gone away.
     */
    public RunOutcome streamTo(EventSink sink, EventBody body) throws IOException {
        AtomicReference<RunOutcome> written = new AtomicReference<>();
        FramePump.Outcome pumped;
        try (RunRegistry.Registration running = register()) {
            pumping = true;
            pumped = FramePump.run(sink, cancellation, deadline, frames -> written.set(body.write(frames)));
        } finally {
            pumping = false;
        }
        return switch (pumped) {
            case FramePump.Outcome.Completed completed -> written.get();
            case FramePump.Outcome.Failed failed -> failed(failed.error());
            case FramePump.Outcome.TimedOut timedOut ->
                    new RunOutcome.Failed(AgentFailures.timedOut(traceId, operation));
            case FramePump.Outcome.Cancelled cancelled -> new RunOutcome.Failed(
                    AgentFailures.cancelled(cancelled.cause(), cancellation.reason(), traceId, operation));
        };
    }

    @FunctionalInterface
    private interface Body {
        RunResult run() throws Exception;
    }

    /** Registers the run (unless a parent or the pump already did), traces it, and turns its end into an outcome. */
    private RunOutcome carryOut(String span, Body body) {
        boolean owned = !pumping && (parent == null || !parent.pumping);
        RunRegistry.Registration running = owned ? register() : null;
        try {
            if (onStart != null) {
                onStart.accept(this);
            }
            return new RunOutcome.Completed(engine.tracing()
                    ? Tracing.inSpan(span, sessionId, traceparent, body::run) : body.run());
        } catch (Exception | Error e) {
            return failed(e);
        } finally {
            if (running != null) {
                running.close();
            }
        }
    }

    /** The registration taken ahead, else a new one. */
    private RunRegistry.Registration register() {
        RunRegistry.Registration ahead = registeredAhead.getAndSet(null);
        return ahead != null ? ahead : engine.registry().register(taskId, cancellation);
    }

    /**
     * Withdraws a run built {@link Builder#registeredNow()} that will not be carried out after all (its thread could
     * not start); nothing for a run already carried out.
     */
    public void discard() {
        RunRegistry.Registration ahead = registeredAhead.getAndSet(null);
        if (ahead != null) {
            ahead.close();
        }
    }

    /**
     * A failed run's outcome. Errors thrown by agent code (an assertion, a stack overflow, a class that would not
     * link) are the agent's failures like any other; only the JVM's own failures (out of memory) go on up.
     */
    private RunOutcome failed(Throwable error) {
        if (error instanceof VirtualMachineError fatal && !(error instanceof StackOverflowError)) {
            throw fatal;
        }
        return new RunOutcome.Failed(AgentFailures.describe(error, cancellation, traceId, operation));
    }

    /**
     * Agent code on the run's thread policy: inside {@link #streamTo} the pump's thread already stops at the deadline
     * and on cancellation; otherwise {@link AgentThread} makes sure of it.
     */
    private RunResult agentCall(RunContext ctx, AgentThread.Call call) throws Exception {
        if (pumping || (parent != null && parent.pumping)) {
            cancellation.check();
            return call.call();
        }
        return AgentThread.call(ctx, deadlineNanos, call);
    }

    private RunContext contextWithHistory(String conversation) {
        boolean same = conversation.equals(sessionId);
        List<Turn> turns = !same ? engine.sessions().history(conversation) : history == null ? List.of() : history;
        if (turns.isEmpty() && seedHistory != null) {
            turns = seedHistory;
        }
        RunContext.Builder builder = same ? context : context.build().toBuilder().sessionId(conversation);
        return builder.history(turns).build();
    }

    /**
     * Keeps the finished turn (or the paused run), appending against the version so no turn is lost. A store failure
     * is thrown, so that the caller is never told of a turn or a pause that was not kept: a paused run whose turn
     * could not be kept is withdrawn again when the store lets us.
     */
    private void record(JsonNode input, RunContext ctx, RunResult result) {
        if (!result.isInterrupted()) {
            engine.sessions().append(ctx.sessionId(), new Turn(input, result.output(), Instant.now()));
            return;
        }
        engine.sessions().savePaused(new PausedRun(ctx.taskId(), ctx.sessionId(), input, result.interrupt(),
                Instant.now()));
        try {
            engine.sessions().append(ctx.sessionId(), new Turn(input,
                    Runs.interruptedOutput(ctx.sessionId(), result.interrupt()), Instant.now()));
        } catch (StoreUnavailableException e) {
            withdraw(ctx.taskId(), e);
            throw e;
        }
    }

    /** Keeps a claimed paused run again after continuing it failed before the agent ran to its end. */
    private void putBack(PausedRun paused, Exception failure) {
        try {
            engine.sessions().savePaused(paused);
        } catch (StoreUnavailableException e) {
            failure.addSuppressed(e);
            if (!(failure instanceof StoreUnavailableException)) {
                throw e;
            }
        }
    }

    private void withdraw(String runId, StoreUnavailableException failure) {
        try {
            engine.sessions().claimPaused(runId);
        } catch (StoreUnavailableException e) {
            failure.addSuppressed(e);
        }
    }

    /** A run from a request; the face adds its own fields. */
    public static final class Builder {
        private final Runs engine;
        private final HttpRequest request;
        private String operation = "run";
        private String sessionId;
        private ObjectNode config;
        private ObjectNode metadata;
        private String taskId;
        private String contextId;
        private Map<String, JsonNode> extensions;
        private List<Turn> seedHistory;
        private boolean newSession;
        private boolean detached;
        private boolean registeredNow;
        private Run parent;
        private Consumer<Run> onStart;

        Builder(Runs engine, HttpRequest request) {
            this.engine = engine;
            this.request = request;
        }

        /** What the logs call the run: {@code invoke}, {@code stream}, {@code task}, ... */
        public Builder operation(String operation) {
            this.operation = operation;
            return this;
        }

        /** The conversation to continue; a new one when null. */
        public Builder session(String sessionId) {
            this.sessionId = sessionId;
            this.newSession = false;
            return this;
        }

        /** A conversation the face has just made up under this id: it has no turns, so none are read. */
        public Builder newSession(String sessionId) {
            this.sessionId = Objects.requireNonNull(sessionId, "sessionId");
            this.newSession = true;
            return this;
        }

        public Builder config(ObjectNode config) {
            this.config = config;
            return this;
        }

        public Builder metadata(ObjectNode metadata) {
            this.metadata = metadata;
            return this;
        }

        /** The run's id (an A2A task id); the session id when not set. */
        public Builder taskId(String taskId) {
            this.taskId = taskId;
            return this;
        }

        public Builder contextId(String contextId) {
            this.contextId = contextId;
            return this;
        }

        /** Request-scoped extension payloads by URI; never stored with the conversation. */
        public Builder extensions(Map<String, JsonNode> extensions) {
            this.extensions = extensions;
            return this;
        }

        /** Earlier turns the caller sent, used when the store knows none for the conversation. */
        public Builder seedHistory(List<Turn> history) {
            this.seedHistory = history == null || history.isEmpty() ? null : List.copyOf(history);
            return this;
        }

        /** The run goes on when the client leaves (an A2A JSON-RPC task, fetched or canceled later). */
        public Builder detached() {
            this.detached = true;
            return this;
        }

        /**
         * The run is registered when built rather than when carried out: for a face that answers its client before the
         * run's own thread starts (an MCP task), so that neither the drain at shutdown nor a cancel by its id can miss
         * it in between. Carrying the run out takes the registration over; {@link Run#discard()} withdraws it.
         */
        public Builder registeredNow() {
            this.registeredNow = true;
            return this;
        }

        /**
         * A run inside another (an agent run inside an MCP tool call), for the same request: it shares the outer run's
         * deadline and cancellation, trace id and request id, and while the outer run writes events, its registration
         * and thread.
         */
        public Builder within(Run outer) {
            this.parent = outer;
            return this;
        }

        /**
         * Called once the run is registered, before the agent starts: a cancel request for the run's id reaches it
         * from then on, so this is where to look for one that came earlier.
         */
        public Builder onStart(Consumer<Run> onStart) {
            this.onStart = onStart;
            return this;
        }

        public Run build() {
            return new Run(this);
        }
    }
}
