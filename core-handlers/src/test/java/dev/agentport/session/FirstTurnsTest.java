package dev.agentport.session;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.agent.Turn;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The session store's first turns as bytes: where a turn goes is decided by its input and output together. */
class FirstTurnsTest {

    private static final String TWO = "\u00e9";
    private static final String THREE = "\u20ac";
    private static final String FOUR = "\ud83d\udc4b";

    private record Case(String input, String output, boolean inline) {
    }

    @Test
    void a_turn_of_at_most_128_utf8_bytes_of_input_and_output_stays_in_its_slot_and_a_longer_one_goes_out_of_line() {
        List<Case> cases = List.of(
                new Case("a".repeat(126) + TWO, "", true), // 128 bytes
                new Case("a".repeat(127) + TWO, "", false), // 129: the last byte past the room
                new Case("a".repeat(125) + THREE, "", true),
                new Case("a".repeat(126) + THREE, "", false),
                new Case("a".repeat(124) + FOUR, "", true),
                new Case("a".repeat(125) + FOUR, "", false), // a character of 4 bytes across the edge
                new Case("", "a".repeat(126) + TWO, true),
                new Case("", "a".repeat(125) + FOUR, false),
                new Case("a".repeat(63), "a".repeat(63) + TWO, true), // 63 + 65
                new Case("a".repeat(63) + TWO, "a".repeat(64), false), // 65 + 64
                new Case("a".repeat(62) + THREE, "a".repeat(61) + TWO, true), // 65 + 63
                new Case("a".repeat(60) + FOUR, "a".repeat(60) + FOUR, true), // 64 + 64
                new Case("a".repeat(60) + FOUR, "a".repeat(61) + FOUR, false)); // 64 + 65
        Turn before = turn("before", "re: before");
        Turn after = turn("after", "re: after");
        for (int i = 0; i < cases.size(); i++) {
            Case each = cases.get(i);
            FirstTurns turns = new FirstTurns();
            turns.grow(3);
            turns.keep(0, before);
            turns.keep(2, after);
            Turn kept = turn(each.input(), each.output());
            assertTrue(turns.keep(1, kept));
            String name = "case " + i;
            assertEquals(each.inline(), turns.inline(1), name);
            assertEquals(kept, turns.read(1), name);
            assertEquals(before, turns.read(0), name);
            assertEquals(after, turns.read(2), name);
        }
    }

    private static Turn turn(String input, String output) {
        return new Turn(new TextNode(input), new TextNode(output), Instant.EPOCH);
    }
}
