package dev.agentport.session;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.agent.Turn;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The store contract on the in-memory store, plus its own bounds. */
class InMemorySessionStoreTest extends SessionStoreContract {

    private final MovableClock clock = new MovableClock();

    @Override
    protected SessionStore newStore() {
        return new InMemorySessionStore();
    }

    @Override
    protected SessionStore newStore(Duration ttl) {
        return new InMemorySessionStore(100, 100, ttl, clock);
    }

    @Override
    protected void pass(Duration time) {
        clock.now = clock.now.plus(time);
    }

    @Test
    void oldest_turn_is_dropped_past_the_limit_while_the_version_keeps_counting() {
        InMemorySessionStore store = new InMemorySessionStore(10, 2);
        store.append("s", turn("1"));
        store.append("s", turn("2"));
        store.append("s", turn("3"));
        assertEquals(List.of("2", "3"), store.history("s").stream().map(t -> t.input().asText()).toList());
        assertEquals(3, store.conversation("s").version());
    }

    @Test
    void of_concurrent_appends_against_one_version_exactly_one_is_kept_even_at_the_turn_limit() throws Exception {
        InMemorySessionStore store = new InMemorySessionStore(10, 3);
        for (int i = 0; i < 3; i++) {
            store.append("full", turn("before-" + i));
        }
        List<String> outcomes = race(50, i -> store.append("full", 3, turn("racer-" + i)) ? "kept" : "refused");

        assertEquals(1, outcomes.stream().filter("kept"::equals).count());
        Conversation conversation = store.conversation("full");
        assertEquals(4, conversation.version());
        assertEquals(List.of("before-1", "before-2"),
                conversation.turns().subList(0, 2).stream().map(t -> t.input().asText()).toList());
        assertEquals(3, conversation.turns().size());
    }

    @Test
    void a_history_read_keeps_its_turns_whatever_is_appended_after_it() {
        InMemorySessionStore store = new InMemorySessionStore(10, 3);
        for (int i = 0; i < 3; i++) {
            store.append("s", turn("before-" + i));
        }
        List<Turn> read = store.history("s");
        for (int i = 0; i < 10; i++) {
            store.append("s", turn("after-" + i));
        }

        assertEquals(List.of("before-0", "before-1", "before-2"), read.stream().map(t -> t.input().asText()).toList());
        assertEquals(List.of("after-7", "after-8", "after-9"),
                store.history("s").stream().map(t -> t.input().asText()).toList());
    }

    @Test
    void a_store_keeping_no_turns_still_counts_the_versions() {
        InMemorySessionStore store = new InMemorySessionStore(10, 0);
        store.append("s", turn("1"));
        store.append("s", turn("2"));
        assertEquals(List.of(), store.history("s"));
        assertEquals(2, store.conversation("s").version());
    }

    @Test
    void least_recently_used_conversation_is_dropped_past_the_limit() {
        InMemorySessionStore store = new InMemorySessionStore(2, 10);
        store.append("a", turn("1"));
        store.append("b", turn("1"));
        store.history("a");
        store.append("c", turn("1"));
        assertTrue(store.exists("a"));
        assertFalse(store.exists("b"));
    }

    @Test
    void a_read_gives_back_each_turn_as_it_was_appended_whatever_its_nodes() {
        Turn text = new Turn(new TextNode("hi"), new TextNode("re: hi"), Instant.parse("2026-01-01T00:00:00.123456789Z"));
        Turn object = new Turn(JsonNodeFactory.instance.objectNode().put("message", "hi"), NullNode.getInstance(),
                Instant.parse("1969-12-31T23:59:59.5Z"));
        Turn wider = new Turn(new TextNode("h\u00e9llo"), new TextNode("\u3053\u3093\u306b\u3061\u306f \ud83d\udc4b"),
                Instant.EPOCH);
        Turn nulls = new Turn(null, null, null);
        for (Turn first : List.of(text, object, wider, nulls)) {
            InMemorySessionStore store = new InMemorySessionStore(10, 10);
            store.append("s", first);
            assertEquals(List.of(first), store.history("s"));
            store.append("s", text);
            assertEquals(List.of(first, text), store.history("s"));
        }
    }

    @Test
    void a_store_keeping_one_turn_keeps_the_newest() {
        InMemorySessionStore store = new InMemorySessionStore(10, 1);
        store.append("s", turn("1"));
        assertEquals(List.of("1"), store.history("s").stream().map(t -> t.input().asText()).toList());
        store.append("s", turn("2"));
        assertEquals(List.of("2"), store.history("s").stream().map(t -> t.input().asText()).toList());
        assertEquals(2, store.conversation("s").version());
    }

    private static final class MovableClock extends Clock {
        Instant now = Instant.parse("2026-01-01T00:00:00Z");

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
