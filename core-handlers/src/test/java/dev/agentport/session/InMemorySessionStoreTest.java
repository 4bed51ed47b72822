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
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
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

    @Test
    void a_first_turn_reads_back_equal_whether_it_fits_its_slot_or_not() {
        String fits = "a".repeat(FirstTurns.INLINE_BYTES - 10);
        List<Turn> firsts = List.of(
                new Turn(new TextNode(""), new TextNode(""), Instant.EPOCH),
                new Turn(new TextNode("0123456789"), new TextNode(fits), Instant.EPOCH),
                new Turn(new TextNode("0123456789"), new TextNode(fits + "b"), Instant.EPOCH),
                new Turn(new TextNode("\u00e9"), new TextNode(fits.substring(2)), Instant.EPOCH),
                new Turn(new TextNode("\u00e9"), new TextNode(fits.substring(1)), Instant.EPOCH),
                new Turn(new TextNode("long ".repeat(1_000)), new TextNode("\u20ac".repeat(1_000)), Instant.EPOCH),
                new Turn(new TextNode("\u007f\u0080\u07ff\u0800\uffff\ud800\udc00\udbff\udfff"),
                        new TextNode("x"), Instant.EPOCH),
                new Turn(new TextNode("lone \ud800 high"), new TextNode("lone \udc00 low"), Instant.EPOCH),
                new Turn(new TextNode("cut at the end \ud83d"), new TextNode("ok"), Instant.EPOCH),
                // at the edge of the room, input and output counted together: 128 bytes, then 129
                new Turn(new TextNode("a".repeat(126) + "\u00e9"), new TextNode(""), Instant.EPOCH),
                new Turn(new TextNode("a".repeat(127) + "\u00e9"), new TextNode(""), Instant.EPOCH),
                new Turn(new TextNode("a".repeat(125) + "\u20ac"), new TextNode(""), Instant.EPOCH),
                new Turn(new TextNode("a".repeat(124) + "\ud83d\udc4b"), new TextNode(""), Instant.EPOCH),
                new Turn(new TextNode("a".repeat(125) + "\ud83d\udc4b"), new TextNode(""), Instant.EPOCH),
                new Turn(new TextNode("a".repeat(63)), new TextNode("a".repeat(63) + "\u00e9"), Instant.EPOCH),
                new Turn(new TextNode("a".repeat(63) + "\u00e9"), new TextNode("a".repeat(64)), Instant.EPOCH),
                new Turn(new TextNode("a".repeat(60) + "\ud83d\udc4b"), new TextNode("a".repeat(61) + "\ud83d\udc4b"),
                        Instant.EPOCH));
        InMemorySessionStore store = new InMemorySessionStore(100, 10);
        for (int i = 0; i < firsts.size(); i++) {
            store.append("s" + i, firsts.get(i));
        }
        for (int i = 0; i < firsts.size(); i++) {
            assertEquals(List.of(firsts.get(i)), store.history("s" + i), "turn " + i);
        }
    }

    @Test
    void an_evicted_conversation_leaves_nothing_to_the_one_that_takes_its_place() {
        InMemorySessionStore store = new InMemorySessionStore(1, 10);
        store.append("a", turn("a1"));
        store.append("a", turn("a2"));
        store.append("b", turn("b1"));
        assertEquals(Conversation.EMPTY, store.conversation("a"));
        assertEquals(List.of("b1"), store.history("b").stream().map(t -> t.input().asText()).toList());
        assertEquals(1, store.conversation("b").version());
        store.append("c", new Turn(JsonNodeFactory.instance.objectNode(), NullNode.getInstance(), Instant.EPOCH));
        store.append("d", turn("d1"));
        assertEquals(List.of("d1"), store.history("d").stream().map(t -> t.input().asText()).toList());
    }

    @Test
    void a_long_first_turn_evicted_or_expired_leaves_nothing_to_a_short_one_in_its_slot() {
        Turn longTurn = new Turn(new TextNode("long ".repeat(100)), new TextNode("answer ".repeat(100)), Instant.EPOCH);
        Turn shortTurn = new Turn(new TextNode("hi"), new TextNode("re: hi"), Instant.EPOCH);

        InMemorySessionStore evicting = new InMemorySessionStore(1, 10);
        evicting.append("a", longTurn);
        evicting.append("b", shortTurn);
        assertEquals(Conversation.EMPTY, evicting.conversation("a"));
        assertEquals(new Conversation(List.of(shortTurn), 1), evicting.conversation("b"));

        InMemorySessionStore expiring = new InMemorySessionStore(10, 10, Duration.ofSeconds(5), clock);
        expiring.append("a", longTurn);
        clock.now = clock.now.plusSeconds(5);
        assertEquals(Conversation.EMPTY, expiring.conversation("a"));
        expiring.append("b", shortTurn);
        assertEquals(new Conversation(List.of(shortTurn), 1), expiring.conversation("b"));
    }

    @Test
    void the_arrays_grow_again_and_again_and_every_surviving_conversation_reads_back() {
        InMemorySessionStore store = new InMemorySessionStore(300, 10);
        List<String> ids = new ArrayList<>();
        List<List<Turn>> histories = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            String id = i % 2 == 0 ? new UUID(i, i).toString() : "session-" + i;
            Turn first = i % 3 == 0
                    ? new Turn(new TextNode("long question " + i + " ".repeat(200)), new TextNode("answer " + i),
                            Instant.EPOCH.plusSeconds(i))
                    : new Turn(new TextNode("q" + i), new TextNode("a" + i + "\u00e9"), Instant.EPOCH.plusNanos(i));
            store.append(id, first);
            List<Turn> history = new ArrayList<>(List.of(first));
            if (i % 5 == 0) {
                Turn second = new Turn(new TextNode("then " + i), new TextNode("ok"), Instant.EPOCH);
                store.append(id, second);
                history.add(second);
            }
            ids.add(id);
            histories.add(history);
        }
        for (int i = 0; i < ids.size(); i++) {
            List<Turn> expected = i < 700 ? List.of() : histories.get(i);
            assertEquals(expected, store.history(ids.get(i)), ids.get(i));
        }
    }

    @Test
    void a_capacity_the_arrays_cannot_hold_is_refused() {
        assertThrows(IllegalArgumentException.class,
                () -> new InMemorySessionStore(InMemorySessionStore.MAX_SESSIONS + 1, 10));
        assertThrows(IllegalArgumentException.class, () -> new InMemorySessionStore(Integer.MAX_VALUE, 10));
        InMemorySessionStore largest = new InMemorySessionStore(InMemorySessionStore.MAX_SESSIONS, 10);
        largest.append("s", turn("1"));
        assertEquals(List.of("1"), largest.history("s").stream().map(t -> t.input().asText()).toList());
    }

    @Test
    void an_expired_conversation_starts_again_from_version_0() {
        InMemorySessionStore store = new InMemorySessionStore(10, 10, Duration.ofSeconds(5), clock);
        store.append("s", turn("1"));
        store.append("s", turn("2"));
        clock.now = clock.now.plusSeconds(5);
        assertEquals(Conversation.EMPTY, store.conversation("s"));
        assertTrue(store.append("s", 0, turn("3")));
        assertEquals(List.of("3"), store.history("s").stream().map(t -> t.input().asText()).toList());
        assertEquals(1, store.conversation("s").version());
    }

    @Test
    void uuid_ids_and_ids_that_are_not_uuids_are_conversations_apart() {
        InMemorySessionStore store = new InMemorySessionStore(10, 10);
        String uuid = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
        List<String> ids = List.of(uuid, uuid.toUpperCase(), uuid + " ", "", "session-1");
        for (String id : ids) {
            store.append(id, turn(id));
        }
        for (String id : ids) {
            assertEquals(List.of(id), store.history(id).stream().map(t -> t.input().asText()).toList());
        }
    }

    @Test
    void conversations_made_and_evicted_at_once_never_read_one_another() throws Exception {
        InMemorySessionStore store = new InMemorySessionStore(20, 10);
        List<String> outcomes = race(16, thread -> {
            for (int i = 0; i < 2_000; i++) {
                String id = thread % 2 == 0 ? UUID.randomUUID().toString() : "t" + thread + "-" + i;
                store.append(id, turn(id));
                List<String> read = store.history(id).stream()
                        .map(t -> t.input().asText() + " / " + t.output().asText()).toList();
                if (!read.isEmpty() && !read.equals(List.of(id + " / re: " + id))) {
                    return "read " + read + " for " + id; // empty: evicted by the other threads' conversations
                }
                if (i % 3 == 0 && store.append(id, store.conversation(id).version(), turn(id + "+"))) {
                    List<String> inputs = store.history(id).stream().map(t -> t.input().asText()).toList();
                    if (!List.of(List.of(id, id + "+"), List.of(id + "+"), List.of()).contains(inputs)) {
                        return "read " + inputs + " for " + id;
                    }
                }
            }
            return "ok";
        });
        assertEquals(Collections.nCopies(16, "ok"), outcomes);
    }

    @Test
    void an_append_made_while_the_store_is_busy_is_there_for_the_next_read() throws Exception {
        InMemorySessionStore store = new InMemorySessionStore(100_000, 10);
        List<String> outcomes = race(16, thread -> {
            for (int i = 0; i < 2_000; i++) {
                String id = "t" + thread + "-" + i;
                store.append(id, turn(id));
                Conversation read = store.conversation(id);
                if (read.version() != 1 || !read.turns().getFirst().input().asText().equals(id)) {
                    return "read version " + read.version() + " " + read.turns() + " for " + id;
                }
            }
            return "ok";
        });
        assertEquals(Collections.nCopies(16, "ok"), outcomes);
    }

    @Test
    void appends_without_a_version_from_many_threads_at_once_are_all_kept() throws Exception {
        InMemorySessionStore store = new InMemorySessionStore(10, 10);
        race(16, thread -> {
            for (int i = 0; i < 500; i++) {
                store.append("shared", turn("t" + thread + "-" + i));
            }
            return "ok";
        });
        assertEquals(16 * 500, store.conversation("shared").version());
        assertEquals(10, store.history("shared").size());
    }

    @Test
    void a_turn_that_cannot_be_appended_fails_its_own_call_never_another_threads() throws Exception {
        InMemorySessionStore store = new InMemorySessionStore(100_000, 10); // room for all: none is evicted
        List<String> outcomes = race(16, thread -> {
            for (int i = 0; i < 1_000; i++) {
                if (thread % 2 == 0) {
                    try {
                        store.append("bad-" + thread, null);
                        return "a null turn was taken";
                    } catch (NullPointerException refused) {
                        // its own call fails
                    }
                } else {
                    String id = "t" + thread + "-" + i;
                    store.append(id, turn(id));
                    if (store.conversation(id).version() != 1) {
                        return "lost " + id;
                    }
                }
            }
            return "ok";
        });
        assertEquals(Collections.nCopies(16, "ok"), outcomes);
        assertEquals(0, store.conversation("bad-0").version());
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
