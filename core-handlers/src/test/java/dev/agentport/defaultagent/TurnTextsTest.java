package dev.agentport.defaultagent;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.agent.Turn;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

class TurnTextsTest {

    @Test
    void a_history_read_again_reuses_the_texts_of_the_very_same_turns_only() {
        TurnTexts texts = new TurnTexts(TurnTexts.DEFAULT_MAX_CONVERSATIONS);
        Turn one = turn("one");
        Turn two = turn("two");
        Turn three = turn("three");
        List<TurnText> first = texts.of("c", List.of(one, two));

        Turn threeAgain = turn("three");
        List<TurnText> shifted = texts.of("c", List.of(two, three));
        List<TurnText> equalTurns = texts.of("c", List.of(two, threeAgain));

        assertEquals(List.of(TurnText.of(one), TurnText.of(two)), first);
        assertEquals(List.of(TurnText.of(two), TurnText.of(three)), shifted);
        assertSame(first.get(1), shifted.get(0));
        assertEquals(shifted, equalTurns);
        assertSame(shifted.get(0), equalTurns.get(0));
        assertNotSame(shifted.get(1), equalTurns.get(1));
    }

    @Test
    void a_history_older_than_the_last_read_reuses_its_texts_too() {
        TurnTexts texts = new TurnTexts(TurnTexts.DEFAULT_MAX_CONVERSATIONS);
        Turn one = turn("one");
        Turn two = turn("two");
        Turn three = turn("three");
        List<TurnText> newer = texts.of("c", List.of(two, three));

        List<TurnText> older = texts.of("c", List.of(one, two));

        assertEquals(List.of(TurnText.of(one), TurnText.of(two)), older);
        assertSame(newer.get(0), older.get(1));
    }

    @Test
    void conversations_do_not_share_texts_and_past_the_bound_it_starts_over() {
        TurnTexts texts = new TurnTexts(1);
        Turn one = turn("one");
        List<TurnText> inA = texts.of("a", List.of(one));
        texts.of("b", List.of(turn("other")));

        assertNotSame(inA.get(0), texts.of("a", List.of(one)).get(0));
        assertEquals(List.of(), texts.of("a", List.of()));
    }

    private static Turn turn(String said) {
        return new Turn(TextNode.valueOf(said), TextNode.valueOf("You said \"" + said + "\"."), Instant.EPOCH);
    }
}
