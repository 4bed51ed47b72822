package dev.agentport.session;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rules every {@link McpSessionStore} keeps, whatever its backend: a durable store's test extends this class and
 * says how to make a fresh store (and one whose sessions expire quickly).
 */
public abstract class McpSessionStoreContract {

    protected abstract McpSessionStore newStore();

    protected abstract McpSessionStore newStore(Duration ttl);

    /** Lets time pass for a store made by {@link #newStore(Duration)}. */
    protected abstract void pass(Duration time) throws InterruptedException;

    private static McpSession session(String id) {
        return new McpSession(id, "2025-11-25", "client", Instant.now());
    }

    @Test
    void a_created_session_is_found_with_what_initialize_agreed() {
        McpSessionStore store = newStore();
        assertTrue(store.create(session("s1")));
        McpSession found = store.find("s1").orElseThrow();
        assertEquals("2025-11-25", found.protocolVersion());
        assertEquals("client", found.clientName());
    }

    @Test
    void a_session_id_is_created_only_once() {
        McpSessionStore store = newStore();
        assertTrue(store.create(session("s1")));
        assertFalse(store.create(session("s1")));
    }

    @Test
    void an_unknown_session_is_not_found_and_cannot_be_ended() {
        McpSessionStore store = newStore();
        assertTrue(store.find("nope").isEmpty());
        assertFalse(store.end("nope"));
    }

    @Test
    void an_ended_session_is_gone() {
        McpSessionStore store = newStore();
        store.create(session("s1"));
        assertTrue(store.end("s1"));
        assertTrue(store.find("s1").isEmpty());
        assertFalse(store.end("s1"));
    }

    @Test
    void of_concurrent_ends_exactly_one_wins() throws Exception {
        McpSessionStore store = newStore();
        store.create(session("s1"));
        int callers = 16;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            List<Future<Boolean>> ends = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                ends.add(pool.submit(() -> {
                    start.await();
                    return store.end("s1");
                }));
            }
            start.countDown();
            int won = 0;
            for (Future<Boolean> end : ends) {
                won += end.get() ? 1 : 0;
            }
            assertEquals(1, won);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void a_session_expires_after_the_time_to_live() throws Exception {
        McpSessionStore store = newStore(Duration.ofSeconds(2));
        store.create(session("s1"));
        assertTrue(store.find("s1").isPresent());
        pass(Duration.ofSeconds(3));
        assertTrue(store.find("s1").isEmpty());
        assertFalse(store.end("s1"));
        assertTrue(store.create(session("s1")), "an expired id may be used again");
    }
}
