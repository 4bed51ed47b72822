package dev.agentport.validate;

import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;
import dev.agentport.validate.http.Transport;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How rules reach the server: every request of a validation run goes through here, so the run's token is added in
 * one place, {@code {run}} is replaced by the run's nonce, and the number of requests stays bounded.
 */
public final class Probe {

    /** The most requests one validation run sends. */
    public static final int DEFAULT_BUDGET = 600;
    /** How long one answer, a whole event stream included, may take. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    private final Transport transport;
    private final String token;
    private final String nonce;
    private final int budget;
    private final Duration timeout;
    private final AtomicInteger sent = new AtomicInteger();
    private final Map<String, Object> remembered = new ConcurrentHashMap<>();

    public Probe(Transport transport, String token, int budget, Duration timeout) {
        this.transport = transport;
        this.token = token == null || token.isEmpty() ? null : token;
        this.nonce = UUID.randomUUID().toString().substring(0, 8);
        this.budget = budget;
        this.timeout = timeout;
    }

    public Probe(Transport transport, String token) {
        this(transport, token, DEFAULT_BUDGET, DEFAULT_TIMEOUT);
    }

    public Answer send(Request.Builder request) {
        return send(request.build());
    }

    /** Sends the request and reads the whole answer; no answer in time fails the rule that sent it. */
    public Answer send(Request request) {
        if (sent.incrementAndGet() > budget) {
            throw new RuleFailed("the run's budget of " + budget + " requests is spent");
        }
        Request resolved = request.resolve(nonce);
        if (resolved.authorized() && token != null) {
            resolved = resolved.withHeader("Authorization", "Bearer " + token);
        }
        Answer answer;
        try {
            answer = transport.send(resolved, timeout);
        } catch (IOException e) {
            throw new RuleFailed("no answer to " + resolved + ": " + describe(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RuleFailed("interrupted while waiting for " + resolved);
        }
        if (resolved.authorized() && token == null && answer.status() == 401) {
            throw new RuleSkipped("the server asks for a token (" + resolved + " answered 401); give --token");
        }
        return answer;
    }

    /** Whether the user gave a token. */
    public boolean hasToken() {
        return token != null;
    }

    /** Whether the answer's headers or body contain the token. */
    public boolean reveals(Answer answer) {
        return token != null && (answer.headers().toString().contains(token) || answer.text().contains(token));
    }

    /** This run's nonce, the value of {@code {run}} in requests. */
    public String nonce() {
        return nonce;
    }

    public int requestsSent() {
        return sent.get();
    }

    /**
     * What {@code fetch} returns, fetched once per run and shared by the rules that need it (a card, a manifest).
     * A fetch that failed fails every rule that asks again, with the same reason.
     */
    @SuppressWarnings("unchecked")
    public <T> T remember(String key, Callable<T> fetch) {
        Object value = remembered.computeIfAbsent(key, k -> {
            try {
                return fetch.call();
            } catch (RuleFailed | RuleSkipped e) {
                return e;
            } catch (Exception e) {
                return new RuleFailed(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
            }
        });
        if (value instanceof RuntimeException failure) {
            throw failure;
        }
        return (T) value;
    }

    static String describe(Throwable e) {
        String message = e.getMessage();
        String kind = e.getClass().getSimpleName();
        return message == null || message.isBlank() ? kind : kind + ": " + message;
    }
}
