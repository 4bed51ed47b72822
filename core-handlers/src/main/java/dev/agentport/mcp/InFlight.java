package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.agent.CancelCause;
import dev.agentport.agent.Cancellation;
import dev.agentport.http.HttpRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The requests being answered on this instance, by session and JSON-RPC id, so that {@code notifications/cancelled}
 * can cancel one. Without a session, ids of different clients may be equal: a cancellation then reaches a request
 * only when it is the one in progress under that id, and is ignored when there are several.
 */
final class InFlight {

    private static final Logger LOG = LoggerFactory.getLogger(InFlight.class);

    /** A request's place here; closing it removes the request. */
    interface Entry extends AutoCloseable {
        @Override
        void close();
    }

    /** Each key's requests, as an immutable list that every change replaces in one atomic step of the map. */
    private final Map<Key, List<Cancellation>> calls = new ConcurrentHashMap<>();

    /** A request's session ({@code ""} without one) and JSON-RPC id, compared as JSON values: 1 and "1" differ. */
    private record Key(String session, JsonNode id) {
    }

    Entry register(HttpRequest request, JsonNode id, Cancellation cancellation) {
        Key key = key(request, id);
        calls.compute(key, (any, held) -> held == null ? List.of(cancellation) : with(held, cancellation));
        return () -> calls.computeIfPresent(key, (any, held) -> without(held, cancellation));
    }

    private static List<Cancellation> with(List<Cancellation> held, Cancellation cancellation) {
        Cancellation[] more = held.toArray(new Cancellation[held.size() + 1]);
        more[held.size()] = cancellation;
        return List.of(more);
    }

    /** {@code held} less {@code cancellation}, or {@code null} (no entry) when nothing is left. */
    private static List<Cancellation> without(List<Cancellation> held, Cancellation cancellation) {
        if (held.size() == 1) {
            return held.getFirst() == cancellation ? null : held;
        }
        List<Cancellation> rest = new ArrayList<>(held);
        rest.remove(cancellation);
        return List.copyOf(rest);
    }

    /** Cancels the request the notification names, if it is in progress here. */
    void cancel(HttpRequest request, McpMessage notification) {
        JsonNode id = notification.params().get("requestId");
        if (id == null || !(id.isTextual() || id.isIntegralNumber())) {
            return;
        }
        List<Cancellation> found = calls.getOrDefault(key(request, id), List.of());
        if (found.size() != 1) {
            LOG.debug("notifications/cancelled for a request not in progress here (or not told apart): {}", id);
            return;
        }
        String reason = notification.params().path("reason").asText("");
        found.get(0).cancel(CancelCause.CLIENT_CANCELLED, reason.isBlank() ? null : McpScopes.sanitize(reason));
    }

    private static Key key(HttpRequest request, JsonNode id) {
        String session = request.header(McpResponses.SESSION_HEADER);
        return new Key(session == null ? "" : session, id);
    }
}
