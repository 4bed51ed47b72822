package dev.agentport.session;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The replies in this process's memory: right for one server, where the client's answer reaches the instance whose
 * tool waits for it. Only open waits are kept (the waiting call closes its own), so it needs no time to live.
 */
public final class InMemoryMcpReplies implements McpReplies {

    private final Map<String, CompletableFuture<JsonNode>> waiting = new ConcurrentHashMap<>();

    @Override
    public void expect(String id) {
        waiting.putIfAbsent(id, new CompletableFuture<>());
    }

    @Override
    public boolean deliver(String id, JsonNode response) {
        CompletableFuture<JsonNode> wait = waiting.get(id);
        return wait != null && wait.complete(response);
    }

    @Override
    public Optional<JsonNode> await(String id, Duration timeout) throws InterruptedException {
        CompletableFuture<JsonNode> wait = waiting.get(id);
        if (wait == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(wait.get(Math.max(0, timeout.toNanos()), TimeUnit.NANOSECONDS));
        } catch (TimeoutException e) {
            return Optional.empty();
        } catch (ExecutionException e) {
            throw new IllegalStateException("a reply cannot fail", e);
        } finally {
            waiting.remove(id);
        }
    }

    @Override
    public void forget(String id) {
        waiting.remove(id);
    }
}
