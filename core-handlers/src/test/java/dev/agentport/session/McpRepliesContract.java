package dev.agentport.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rules every {@link McpReplies} keeps, whatever its backend: a durable store's test extends this class and says
 * how to make replies on a fresh backend, and another instance's replies on the same backend.
 */
public abstract class McpRepliesContract {

    private static final Duration LONG = Duration.ofSeconds(10);

    /** Replies on an empty backend. */
    protected abstract McpReplies newReplies();

    /** Another instance's replies, sharing {@code replies}' backend (for memory: the same object). */
    protected abstract McpReplies sibling(McpReplies replies);

    private static JsonNode answer(String id, String text) {
        ObjectNode result = Json.object();
        result.put("role", "user");
        result.putObject("content").put("type", "text").put("text", text);
        ObjectNode response = Json.object().put("jsonrpc", "2.0").put("id", id);
        response.set("result", result);
        return response;
    }

    @Test
    void an_expected_answer_is_returned_by_the_wait() throws Exception {
        McpReplies replies = newReplies();
        replies.expect("r1");
        assertTrue(replies.deliver("r1", answer("r1", "yes")));
        assertEquals(Optional.of(answer("r1", "yes")), replies.await("r1", LONG));
    }

    @Test
    void an_answer_reaches_a_wait_in_progress() throws Exception {
        McpReplies replies = newReplies();
        replies.expect("r1");
        CompletableFuture<Boolean> delivered = CompletableFuture.supplyAsync(() -> {
            pause(Duration.ofMillis(300));
            return replies.deliver("r1", answer("r1", "later"));
        });
        assertEquals(Optional.of(answer("r1", "later")), replies.await("r1", LONG));
        assertTrue(delivered.get());
    }

    @Test
    void an_answer_no_one_expects_is_refused() {
        assertFalse(newReplies().deliver("nobody", answer("nobody", "yes")));
    }

    @Test
    void a_wait_ends_empty_at_its_timeout_and_then_refuses_an_answer() throws Exception {
        McpReplies replies = newReplies();
        replies.expect("r1");
        long start = System.nanoTime();
        assertEquals(Optional.empty(), replies.await("r1", Duration.ofMillis(300)));
        assertTrue(Duration.ofNanos(System.nanoTime() - start).compareTo(Duration.ofSeconds(5)) < 0);
        assertFalse(replies.deliver("r1", answer("r1", "too late")));
    }

    @Test
    void a_forgotten_wait_refuses_a_later_answer() {
        McpReplies replies = newReplies();
        replies.expect("r1");
        replies.forget("r1");
        assertFalse(replies.deliver("r1", answer("r1", "yes")));
    }

    @Test
    void a_wait_takes_one_answer_and_then_refuses_more() throws Exception {
        McpReplies replies = newReplies();
        replies.expect("r1");
        assertTrue(replies.deliver("r1", answer("r1", "first")));
        assertEquals(Optional.of(answer("r1", "first")), replies.await("r1", LONG));
        assertFalse(replies.deliver("r1", answer("r1", "second")));
    }

    @Test
    void each_wait_gets_the_answer_to_its_own_id() throws Exception {
        McpReplies replies = newReplies();
        replies.expect("r1");
        replies.expect("r2");
        assertTrue(replies.deliver("r2", answer("r2", "two")));
        assertTrue(replies.deliver("r1", answer("r1", "one")));
        assertEquals(Optional.of(answer("r1", "one")), replies.await("r1", LONG));
        assertEquals(Optional.of(answer("r2", "two")), replies.await("r2", LONG));
    }

    @Test
    void an_answer_delivered_on_another_instance_reaches_the_waiter() throws Exception {
        McpReplies waiting = newReplies();
        McpReplies other = sibling(waiting);
        waiting.expect("r1");
        CompletableFuture<Boolean> delivered = CompletableFuture.supplyAsync(() -> {
            pause(Duration.ofMillis(300));
            return other.deliver("r1", answer("r1", "from afar"));
        });
        assertEquals(Optional.of(answer("r1", "from afar")), waiting.await("r1", LONG));
        assertTrue(delivered.get());
        assertFalse(other.deliver("nobody", answer("nobody", "yes")));
    }

    @Test
    void of_concurrent_answers_to_one_id_one_wins() throws Exception {
        McpReplies replies = newReplies();
        replies.expect("r1");
        int racers = 8;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(racers);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int i = 0; i < racers; i++) {
                McpReplies instance = i % 2 == 0 ? replies : sibling(replies);
                JsonNode answer = answer("r1", "racer " + i);
                results.add(pool.submit(() -> {
                    start.await();
                    return instance.deliver("r1", answer);
                }));
            }
            start.countDown();
            int winners = 0;
            for (Future<Boolean> result : results) {
                winners += result.get() ? 1 : 0;
            }
            assertEquals(1, winners);
            JsonNode taken = replies.await("r1", LONG).orElseThrow();
            assertTrue(taken.at("/result/content/text").asText().startsWith("racer "));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void a_wait_is_ended_by_interrupting_its_thread() throws Exception {
        McpReplies replies = newReplies();
        replies.expect("r1");
        CompletableFuture<Throwable> ended = new CompletableFuture<>();
        Thread waiter = Thread.ofPlatform().start(() -> {
            try {
                replies.await("r1", Duration.ofMinutes(1));
                ended.complete(null);
            } catch (Throwable e) {
                ended.complete(e);
            }
        });
        pause(Duration.ofMillis(300));
        waiter.interrupt();
        Throwable thrown;
        try {
            thrown = ended.get(5, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new AssertionError(e);
        }
        assertInstanceOf(InterruptedException.class, thrown);
    }

    private static void pause(Duration time) {
        try {
            Thread.sleep(time.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
