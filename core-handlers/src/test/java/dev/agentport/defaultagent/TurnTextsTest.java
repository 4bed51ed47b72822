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

    @Test
    void the_turn_just_answered_reuses_its_text_when_the_store_hands_back_the_same_input_node_and_output() {
        TurnTexts texts = new TurnTexts(TurnTexts.DEFAULT_MAX_CONVERSATIONS);
        Turn one = turn("one");
        texts.of("c", List.of(one));
        TextNode input = TextNode.valueOf("two");
        TurnText answered = TurnText.of(input, TextNode.valueOf("You said \"two\"."));
        texts.answered("c", input, answered);

        Turn stored = new Turn(input, TextNode.valueOf("You said \"two\"."), Instant.EPOCH);
        Turn otherOutput = new Turn(input, TextNode.valueOf("Not approved."), Instant.EPOCH);
        Turn otherNode = turn("two");

        assertSame(answered, texts.of("c", List.of(one, stored)).get(1));
        assertEquals(List.of(TurnText.of(one), TurnText.of(otherOutput)), texts.of("c", List.of(one, otherOutput)));
        assertNotSame(answered, texts.of("c", List.of(one, otherNode)).get(1));
        assertEquals(answered, texts.of("c", List.of(one, otherNode)).get(1));
    }

    @Test
    void an_answer_in_a_conversation_not_read_yet_is_not_kept() {
        TurnTexts texts = new TurnTexts(TurnTexts.DEFAULT_MAX_CONVERSATIONS);
        TextNode input = TextNode.valueOf("one");
        TurnText answered = TurnText.of(input, TextNode.valueOf("You said \"one\"."));
        texts.answered("c", input, answered);

        Turn stored = new Turn(input, TextNode.valueOf("You said \"one\"."), Instant.EPOCH);

        assertNotSame(answered, texts.of("c", List.of(stored)).get(0));
    }

    private static Turn turn(String said) {
        return new Turn(TextNode.valueOf(said), TextNode.valueOf("You said \"" + said + "\"."), Instant.EPOCH);
    }
}
