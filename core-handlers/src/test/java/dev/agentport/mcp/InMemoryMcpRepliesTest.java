package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Replies meet the waits opened for them, whichever comes first, and nothing else. */
class InMemoryMcpRepliesTest {

    private final McpReplies replies = new InMemoryMcpReplies();
    private final JsonNode answer = Json.object().put("jsonrpc", "2.0").put("id", "a").set("result", Json.object());

    @Test
    void an_answer_that_arrives_before_the_wait_begins_is_kept_for_it() throws Exception {
        replies.expect("a");
        assertTrue(replies.deliver("a", answer));
        assertEquals(Optional.of(answer), replies.await("a", Duration.ZERO));
    }

    @Test
    void an_answer_reaches_a_wait_in_progress() throws Exception {
        replies.expect("a");
        Thread.ofVirtual().start(() -> {
            sleep();
            replies.deliver("a", answer);
        });
        assertEquals(Optional.of(answer), replies.await("a", Duration.ofSeconds(5)));
    }

    @Test
    void an_answer_no_one_expects_is_not_delivered() {
        assertFalse(replies.deliver("a", answer));
    }

    @Test
    void a_wait_ends_empty_at_its_timeout_and_then_takes_no_answer() throws Exception {
        replies.expect("a");
        assertEquals(Optional.empty(), replies.await("a", Duration.ofMillis(20)));
        assertFalse(replies.deliver("a", answer));
    }

    @Test
    void a_forgotten_wait_takes_no_answer() {
        replies.expect("a");
        replies.forget("a");
        assertFalse(replies.deliver("a", answer));
    }

    private static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
