package dev.agentport.session;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.agent.Interrupt;
import dev.agentport.agent.Turn;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InMemorySessionStoreTest {

    private static Turn turn(String text) {
        return new Turn(new TextNode(text), new TextNode(text), Instant.now());
    }

    @Test
    void turns_are_kept_in_order() {
        InMemorySessionStore store = new InMemorySessionStore();
        store.append("s", turn("1"));
        store.append("s", turn("2"));
        assertEquals(List.of("1", "2"), store.history("s").stream().map(t -> t.input().asText()).toList());
    }

    @Test
    void oldest_turn_is_dropped_past_the_limit() {
        InMemorySessionStore store = new InMemorySessionStore(10, 2);
        store.append("s", turn("1"));
        store.append("s", turn("2"));
        store.append("s", turn("3"));
        assertEquals(List.of("2", "3"), store.history("s").stream().map(t -> t.input().asText()).toList());
    }

    @Test
    void least_recently_used_session_is_dropped_past_the_limit() {
        InMemorySessionStore store = new InMemorySessionStore(2, 10);
        store.append("a", turn("1"));
        store.append("b", turn("1"));
        store.history("a");
        store.append("c", turn("1"));
        assertTrue(store.exists("a"));
        assertFalse(store.exists("b"));
    }

    @Test
    void a_paused_run_can_be_taken_only_once() {
        InMemorySessionStore store = new InMemorySessionStore();
        store.savePaused(new PausedRun("t", new TextNode("x"), new Interrupt(List.of("human"), null, null),
                Instant.now()));
        assertTrue(store.takePaused("t").isPresent());
        assertTrue(store.takePaused("t").isEmpty());
    }
}
