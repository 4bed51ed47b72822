package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Cancellation;
import dev.agentport.agent.RunCancelledException;
import dev.agentport.json.Json;
import dev.agentport.session.McpReplies;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Up to 2025-11-25: each question is a JSON-RPC request on the call's response stream, with an id no other instance
 * can make; the client posts the answer to {@code /mcp}, where {@link McpReplies} hands it to the waiting tool. All
 * questions go out at once; the wait ends at the call's deadline (the run timeout, or the platform's).
 */
final class StreamAsker implements Asker {

    /** The wait without any deadline: a cancelled call still ends it at once. */
    private static final Duration UNBOUNDED = Duration.ofHours(1);
    /**
     * A wait ends this long before the call's deadline, so that its own error ("the client did not answer") reaches
     * the client rather than the call's plain timeout.
     */
    static final Duration BEFORE_THE_DEADLINE = Duration.ofMillis(200);

    private final McpReplies replies;
    private final Consumer<ObjectNode> stream;
    private final Instant deadline;
    private final Cancellation cancellation;
    private final AtomicReference<Thread> waiting = new AtomicReference<>();

    /**
     * @param deadline     when the call must end, or {@code null}
     * @param cancellation the call's: cancelling it ends a wait at once
     */
    StreamAsker(McpReplies replies, Consumer<ObjectNode> stream, Instant deadline, Cancellation cancellation) {
        this.replies = replies;
        this.stream = stream;
        this.deadline = deadline == null ? null : deadline.minus(BEFORE_THE_DEADLINE);
        this.cancellation = cancellation;
        cancellation.onCancel(() -> {
            Thread waiter = waiting.get();
            if (waiter != null) {
                waiter.interrupt();
            }
        });
    }

    @Override
    public Map<String, JsonNode> ask(Map<String, ClientRequest> requests) {
        Map<String, String> ids = new LinkedHashMap<>();
        requests.keySet().forEach(key -> ids.put(key, "agentport-" + UUID.randomUUID()));
        try {
            ids.values().forEach(replies::expect);
            requests.forEach((key, request) -> stream.accept(request(ids.get(key), request)));
            Map<String, JsonNode> results = new LinkedHashMap<>();
            waiting.set(Thread.currentThread());
            for (Map.Entry<String, String> id : ids.entrySet()) {
                cancellation.check();
                ClientRequest request = requests.get(id.getKey());
                results.put(id.getKey(), result(request, replies.await(id.getValue(), remaining())));
            }
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunCancelledException(cancellation.cause(),
                    "the call was cancelled while it waited for the client");
        } finally {
            waiting.set(null);
            ids.values().forEach(replies::forget);
        }
    }

    private static ObjectNode request(String id, ClientRequest request) {
        ObjectNode message = Json.object();
        message.put("jsonrpc", "2.0");
        message.put("id", id);
        message.put("method", request.method());
        message.set("params", request.params());
        return message;
    }

    private static JsonNode result(ClientRequest request, Optional<JsonNode> reply) {
        JsonNode response = reply.orElseThrow(() -> new McpError(McpError.INTERNAL_ERROR,
                "the client did not answer " + request.method() + " before the call's deadline"));
        JsonNode error = response.get("error");
        if (error != null && error.isObject()) {
            throw new McpError(error.path("code").asInt(McpError.INTERNAL_ERROR), "the client answered "
                    + request.method() + " with an error: " + McpScopes.sanitize(error.path("message").asText("")));
        }
        JsonNode result = response.get("result");
        return result != null && result.isObject() ? result : Json.object();
    }

    private Duration remaining() {
        return deadline == null ? UNBOUNDED : Duration.between(Instant.now(), deadline);
    }
}
