package dev.agentport.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.base.TailList;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything about a run except its input. Built by the runtime with {@link #builder}, never by position, so that
 * fields added later break no caller.
 *
 * <p>{@code sessionId}: the conversation: AgentBreeder {@code session_id} / {@code thread_id}, A2A {@code contextId};
 *                     generated when the caller sent none
 * <p>{@code history}: earlier turns of this conversation, oldest first
 * <p>{@code config}: the caller's {@code config} bag (empty object when absent)
 * <p>{@code metadata}: the caller's {@code metadata} bag (empty object when absent)
 * <p>{@code requestId}: the caller's request id, or {@code null}
 * <p>{@code traceId}: the trace this run belongs to
 * <p>{@code traceparent}: the caller's W3C {@code traceparent} header, to pass on to downstream calls, or {@code null}
 * <p>{@code deadline}: when the platform stops waiting, or {@code null} for none
 * <p>{@code cancellation}: tells the agent that the caller is gone, the deadline has passed or the server is stopping
 * <p>{@code taskId}: this run's id: the A2A task id; for AgentBreeder the thread (session) id
 * <p>{@code contextId}: the A2A context id the caller sent, or {@code null}
 * <p>{@code extensions}: request-scoped extension payloads by extension URI (for example an Aion daemon context);
 *                     never stored with the conversation
 * <p>{@code workDir}: the writable workspace ({@code WORK_DIR})
 */
public final class RunContext {

    private final String sessionId;
    private final List<Turn> history;
    /** {@code null} until asked for when the caller sent none: an agent that does not read it costs no object. */
    private volatile ObjectNode config;
    private volatile ObjectNode metadata;
    private final String requestId;
    private final String traceId;
    private final String traceparent;
    private final Instant deadline;
    private final Cancellation cancellation;
    private final String taskId;
    private final String contextId;
    private final Map<String, JsonNode> extensions;
    private final Path workDir;

    private static final VarHandle CONFIG;
    private static final VarHandle METADATA;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            CONFIG = lookup.findVarHandle(RunContext.class, "config", ObjectNode.class);
            METADATA = lookup.findVarHandle(RunContext.class, "metadata", ObjectNode.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private RunContext(Builder b) {
        this.sessionId = Objects.requireNonNull(b.sessionId, "sessionId");
        // a store's TailList is immutable already: copying it would cost as much as the history's cap on every run
        this.history = b.history == null ? List.of()
                : b.history instanceof TailList<Turn> kept ? kept : List.copyOf(b.history);
        this.config = b.config;
        this.metadata = b.metadata;
        this.requestId = b.requestId;
        this.traceId = b.traceId;
        this.traceparent = b.traceparent;
        this.deadline = b.deadline;
        this.cancellation = b.cancellation == null ? new Cancellation(b.deadline) : b.cancellation;
        this.taskId = b.taskId == null ? b.sessionId : b.taskId;
        this.contextId = b.contextId;
        this.extensions = b.extensions == null ? Map.of() : Map.copyOf(b.extensions);
        this.workDir = b.workDir;
    }

    public String sessionId() {
        return sessionId;
    }

    public List<Turn> history() {
        return history;
    }

    public ObjectNode config() {
        ObjectNode bag = config;
        return bag != null ? bag : emptyBag(CONFIG);
    }

    public ObjectNode metadata() {
        ObjectNode bag = metadata;
        return bag != null ? bag : emptyBag(METADATA);
    }

    /** The empty object a bag the caller did not send reads as: one per context, also when two threads ask at once. */
    private ObjectNode emptyBag(VarHandle field) {
        ObjectNode made = JsonNodeFactory.instance.objectNode();
        ObjectNode before = (ObjectNode) field.compareAndExchange(this, (ObjectNode) null, made);
        return before == null ? made : before;
    }

    public String requestId() {
        return requestId;
    }

    public String traceId() {
        return traceId;
    }

    public String traceparent() {
        return traceparent;
    }

    public Instant deadline() {
        return deadline;
    }

    public Cancellation cancellation() {
        return cancellation;
    }

    public String taskId() {
        return taskId;
    }

    public String contextId() {
        return contextId;
    }

    public Map<String, JsonNode> extensions() {
        return extensions;
    }

    public Path workDir() {
        return workDir;
    }

    public static Builder builder(String sessionId) {
        return new Builder(sessionId);
    }

    /** Time left before the deadline, if there is one. */
    public Optional<Duration> remaining() {
        return deadline == null ? Optional.empty() : Optional.of(Duration.between(Instant.now(), deadline));
    }

    /** True once the caller has gone away, the deadline has passed or the server is stopping: stop work and return. */
    public boolean isCancelled() {
        return cancellation.isCancelled();
    }

    /** The payload of one extension activated for this request, if any. */
    public Optional<JsonNode> extension(String uri) {
        return Optional.ofNullable(extensions.get(uri));
    }

    /** Kept for faces that key runs by id; the same as {@link #taskId()}. */
    public String runId() {
        return taskId;
    }

    /**
     * A builder holding this context's fields, to derive another from it. An empty {@code config} or {@code metadata}
     * not asked for yet is not shared: each context makes its own when asked.
     */
    public Builder toBuilder() {
        return new Builder(sessionId).history(history).config(config).metadata(metadata).requestId(requestId)
                .traceId(traceId).traceparent(traceparent).deadline(deadline).cancellation(cancellation)
                .taskId(taskId).contextId(contextId).extensions(extensions).workDir(workDir);
    }

    public static final class Builder {
        private String sessionId;
        private List<Turn> history;
        private ObjectNode config;
        private ObjectNode metadata;
        private String requestId;
        private String traceId;
        private String traceparent;
        private Instant deadline;
        private Cancellation cancellation;
        private String taskId;
        private String contextId;
        private Map<String, JsonNode> extensions;
        private Path workDir;

        private Builder(String sessionId) {
            this.sessionId = sessionId;
        }

        /** Another conversation: the history, task id and the rest stay as set. */
        public Builder sessionId(String sessionId) {
            this.sessionId = sessionId;
            return this;
        }

        public Builder history(List<Turn> history) {
            this.history = history;
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

        public Builder requestId(String requestId) {
            this.requestId = requestId;
            return this;
        }

        public Builder traceId(String traceId) {
            this.traceId = traceId;
            return this;
        }

        public Builder traceparent(String traceparent) {
            this.traceparent = traceparent;
            return this;
        }

        public Builder deadline(Instant deadline) {
            this.deadline = deadline;
            return this;
        }

        public Builder cancellation(Cancellation cancellation) {
            this.cancellation = cancellation;
            return this;
        }

        public Builder taskId(String taskId) {
            this.taskId = taskId;
            return this;
        }

        public Builder contextId(String contextId) {
            this.contextId = contextId;
            return this;
        }

        public Builder extensions(Map<String, JsonNode> extensions) {
            this.extensions = extensions;
            return this;
        }

        public Builder workDir(Path workDir) {
            this.workDir = workDir;
            return this;
        }

        public RunContext build() {
            return new RunContext(this);
        }
    }
}
