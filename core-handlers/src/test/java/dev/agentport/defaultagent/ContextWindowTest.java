package dev.agentport.defaultagent;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ContextWindowTest {

    @Test
    void the_window_of_a_history_is_the_one_adding_its_turns_one_by_one_gives() {
        Random random = new Random(7);
        for (int budget : new int[] {100, 150, 2_000}) {
            List<TurnText> history = new ArrayList<>();
            ContextWindow added = ContextWindow.empty(budget);
            for (int n = 1; n <= 120; n++) {
                TurnText turn = new TurnText("turn " + n + " " + "word ".repeat(random.nextInt(60)),
                        "reply " + "x".repeat(random.nextInt(300)));
                history.add(turn);
                added = added.add(turn);
                assertEquals(added, ContextWindow.of(history, budget), "budget " + budget + ", turn " + n);
            }
        }
    }

    @Test
    void a_summary_snippet_is_the_text_on_one_line_cut_before_its_seventh_word_and_at_48_characters() {
        assertEquals("hello", snippet("hello"));
        assertEquals("one two three four five six", snippet("  one two\tthree\n\nfour  five six  "));
        assertEquals("one two three four five six ...", snippet("one two three four five six seven"));
        assertEquals("supercalifragilisticexpialidocious-and-then-some ...",
                snippet("supercalifragilisticexpialidocious-and-then-some-more-letters"));
        assertEquals("a".repeat(48), snippet("a".repeat(48)));
        assertEquals("a".repeat(48) + " ...", snippet("a".repeat(48) + " b"));
        assertEquals("twelve chars twelve chars twelve chars ...",
                snippet("twelve chars twelve chars twelve chars twelve ch rest"));
        assertEquals("", snippet("   "));
        assertEquals("", snippet(""));
        assertEquals("one two three four five six", snippet("one two three four five six"));
        assertEquals("hello", snippet("\u2003hello\u2003"));
        assertEquals("a\u2003b", snippet("a\u2003b"));
        assertEquals("a b", snippet("a  b"));
        assertEquals("a\u0001b", snippet("a\u0001b"));
    }

    @Test
    void a_summary_counts_the_tokens_of_its_line() {
        for (String first : new String[] {"", "hi", "one two three four five six ..."}) {
            for (int lastTurn : new int[] {1, 2, 9, 10, 99, 100, 12_345}) {
                Summary summary = new Summary(first, "then said this", lastTurn);
                assertEquals(TurnText.tokens(summary.line()), summary.tokens(), summary.line());
            }
        }
    }

    @Test
    void text_of_at_most_2000_words_and_16000_characters_is_repeated_whole() {
        assertEquals(false, Echo.of("word ".repeat(2_000).strip()).cut());
        assertEquals(true, Echo.of("word ".repeat(2_001).strip()).cut());
        assertEquals(false, Echo.of("w".repeat(16_000)).cut());
        assertEquals(true, Echo.of("w".repeat(16_001)).cut());
        assertEquals(false, Echo.of("  a  ".repeat(1_000)).cut());
    }

    private static String snippet(String text) {
        return Summary.of(null, 1, new TurnText(text, "")).first();
    }
}
