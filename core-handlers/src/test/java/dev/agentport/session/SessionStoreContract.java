package dev.agentport.session;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.agent.Interrupt;
import dev.agentport.agent.Turn;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rules every {@link SessionStore} keeps, whatever its backend: a durable store's test extends this class and
 * says how to make a fresh store (and one whose entries expire quickly).
 */
public abstract class SessionStoreContract {

    /** A store with nothing in it. */
    protected abstract SessionStore newStore();

    /** A store whose entries live {@code ttl}. */
    protected abstract SessionStore newStore(Duration ttl);

    /** Lets time pass for a store made by {@link #newStore(Duration)}. */
    protected abstract void pass(Duration time) throws InterruptedException;

    protected static Turn turn(String text) {
        return new Turn(new TextNode(text), new TextNode("re: " + text), Instant.now());
    }

    protected static PausedRun paused(String runId, String sessionId) {
        return new PausedRun(runId, sessionId, new TextNode("approve it"),
                new Interrupt(List.of("human_approval"), null, new TextNode("state-" + runId)), Instant.now());
    }

    @Test
    void an_unknown_conversation_is_empty_with_version_0() {
        Conversation conversation = newStore().conversation("nobody");
        assertEquals(0, conversation.version());
        assertTrue(conversation.turns().isEmpty());
    }

    @Test
    void appending_against_the_version_read_succeeds_and_raises_the_version() {
        SessionStore store = newStore();
        assertTrue(store.append("s", 0, turn("1")));
        Conversation conversation = store.conversation("s");
        assertEquals(1, conversation.version());
        assertTrue(store.append("s", conversation.version(), turn("2")));
        assertEquals(List.of("1", "2"), inputs(store.conversation("s")));
    }

    @Test
    void appending_against_an_old_version_changes_nothing() {
        SessionStore store = newStore();
        assertTrue(store.append("s", 0, turn("1")));
        assertFalse(store.append("s", 0, turn("lost race")));
        assertEquals(List.of("1"), inputs(store.conversation("s")));
    }

    @Test
    void fifty_concurrent_turns_of_one_conversation_are_all_recorded() throws Exception {
        SessionStore store = newStore();
        List<String> outcomes = race(50, i -> {
            store.append("busy", turn("turn-" + i));
            return "ok";
        });
        assertEquals(50, outcomes.size());
        Conversation conversation = store.conversation("busy");
        assertEquals(50, conversation.version());
        assertEquals(50, conversation.turns().stream().map(t -> t.input().asText()).distinct().count());
    }

    @Test
    void a_paused_run_is_claimed_exactly_once_by_a_hundred_concurrent_claims() throws Exception {
        SessionStore store = newStore();
        store.savePaused(paused("run-1", "s"));
        List<String> outcomes = race(100, i -> store.claimPaused("run-1").isPresent() ? "won" : "lost");
        assertEquals(1, outcomes.stream().filter("won"::equals).count());
    }

    @Test
    void several_paused_runs_wait_in_one_conversation() {
        SessionStore store = newStore();
        store.savePaused(paused("task-a", "s"));
        store.savePaused(paused("task-b", "s"));
        assertEquals("state-task-b", store.claimPaused("task-b").orElseThrow().interrupt().state().asText());
        assertEquals("state-task-a", store.claimPaused("task-a").orElseThrow().interrupt().state().asText());
    }

    @Test
    void a_paused_run_keeps_what_the_agent_needs_to_continue() {
        SessionStore store = newStore();
        store.savePaused(paused("r", "s"));
        PausedRun run = store.claimPaused("r").orElseThrow();
        assertEquals("s", run.sessionId());
        assertEquals("approve it", run.input().asText());
        assertEquals(List.of("human_approval"), run.interrupt().awaiting());
    }

    @Test
    void a_conversation_with_only_a_paused_run_exists() {
        SessionStore store = newStore();
        store.savePaused(paused("r", "s"));
        assertTrue(store.exists("s"));
        assertFalse(store.exists("other"));
    }

    @Test
    void conversations_expire_after_their_time_to_live() throws Exception {
        SessionStore store = newStore(Duration.ofSeconds(2));
        store.append("s", 0, turn("1"));
        pass(Duration.ofSeconds(3));
        assertEquals(0, store.conversation("s").version());
        assertFalse(store.exists("s"));
    }

    @Test
    void paused_runs_expire_after_their_time_to_live() throws Exception {
        SessionStore store = newStore(Duration.ofSeconds(2));
        store.savePaused(paused("r", "s"));
        pass(Duration.ofSeconds(3));
        assertTrue(store.claimPaused("r").isEmpty());
    }

    @Test
    void a_write_renews_the_time_to_live() throws Exception {
        SessionStore store = newStore(Duration.ofSeconds(2));
        store.append("s", 0, turn("1"));
        pass(Duration.ofSeconds(1));
        store.append("s", 1, turn("2"));
        pass(Duration.ofMillis(1500));
        assertEquals(2, store.conversation("s").version());
    }

    private static List<String> inputs(Conversation conversation) {
        return conversation.turns().stream().map(t -> t.input().asText()).toList();
    }

    /** Runs {@code n} calls at once, released together, and returns their results. */
    protected static List<String> race(int n, Call call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<String>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                futures.add(pool.submit((Callable<String>) () -> {
                    start.await();
                    return call.run(index);
                }));
            }
            start.countDown();
            List<String> results = new ArrayList<>();
            for (Future<String> future : futures) {
                results.add(future.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    /** One racing call. */
    @FunctionalInterface
    protected interface Call {
        String run(int index) throws Exception;
    }
}
