package dev.agentport.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything about a run except its input. Built by the runtime with {@link #builder}; fields added later do not
 * break callers.
 *
 * @param sessionId    the conversation: AgentBreeder {@code session_id} / {@code thread_id}, A2A {@code contextId};
 *                     generated when the caller sent none
 * @param history      earlier turns of this conversation, oldest first
 * @param config       the caller's {@code config} bag (empty object when absent)
 * @param metadata     the caller's {@code metadata} bag (empty object when absent)
 * @param requestId    the caller's request id, or {@code null}
 * @param traceId      the trace this run belongs to
 * @param traceparent  the caller's W3C {@code traceparent} header, to pass on to downstream calls, or {@code null}
 * @param deadline     when the platform stops waiting, or {@code null} for none
 * @param cancellation tells the agent that the caller is gone, the deadline has passed or the server is stopping
 * @param taskId       this run's id: the A2A task id; for AgentBreeder the thread (session) id
 * @param contextId    the A2A context id the caller sent, or {@code null}
 * @param extensions   request-scoped extension payloads by extension URI (for example an Aion daemon context);
 *                     never stored with the conversation
 * @param workDir      the writable workspace ({@code WORK_DIR})
 */
public record RunContext(String sessionId,
                         List<Turn> history,
                         ObjectNode config,
                         ObjectNode metadata,
                         String requestId,
                         String traceId,
                         String traceparent,
                         Instant deadline,
                         Cancellation cancellation,
                         String taskId,
                         String contextId,
                         Map<String, JsonNode> extensions,
                         Path workDir) {

    public RunContext {
        Objects.requireNonNull(sessionId, "sessionId");
        history = history == null ? List.of() : List.copyOf(history);
        config = config == null ? JsonNodeFactory.instance.objectNode() : config;
        metadata = metadata == null ? JsonNodeFactory.instance.objectNode() : metadata;
        cancellation = cancellation == null ? new Cancellation(deadline) : cancellation;
        taskId = taskId == null ? sessionId : taskId;
        extensions = extensions == null ? Map.of() : Map.copyOf(extensions);
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

    public static final class Builder {
        private final String sessionId;
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
            return new RunContext(sessionId, history, config, metadata, requestId, traceId, traceparent, deadline,
                    cancellation, taskId, contextId, extensions, workDir);
        }
    }
}
