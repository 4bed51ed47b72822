package dev.agentport.defaultagent;

import dev.agentport.agent.Cancellation;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.testing.RecordingEmitter;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The reply repeats at most 2,000 words of the input, so a huge prompt gets a prompt, bounded answer. */
class BoundedReplyTest {

    private static final String HUNDRED_THOUSAND_CHARS = "word ".repeat(20_000);
    private static final String HUNDRED_THOUSAND_SPACES = " ".repeat(100_000);
    private static final String CUT_NOTE = " (I repeat at most 2,000 words and 16,000 characters; you sent 100,000 "
            + "characters.)";
    /** The words of the reply besides the echo: "You said", the note, the turn number. */
    private static final int OTHER_WORDS = 40;

    @Test
    void a_100000_character_prompt_is_answered_by_invoke_within_5_seconds_with_at_most_2000_echoed_words() {
        DefaultAgent agent = new DefaultAgent(Duration.ZERO);
        RunResult result = assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> agent.invoke(RunInput.of(HUNDRED_THOUSAND_CHARS), context()));
        String reply = result.outputText();
        assertTrue(DefaultAgent.words(reply).size() <= Echo.MAX_WORDS + OTHER_WORDS, reply.length() + " chars");
        assertTrue(reply.contains(CUT_NOTE), reply.substring(reply.length() - 200));
    }

    @Test
    void a_100000_character_prompt_streams_at_most_2000_echoed_words_at_the_configured_delay() {
        DefaultAgent agent = new DefaultAgent(Duration.ofMillis(1));
        RecordingEmitter emitter = new RecordingEmitter();
        RunResult result = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> agent.stream(RunInput.of(HUNDRED_THOUSAND_SPACES), context(), emitter));
        assertTrue(emitter.deltas().size() <= Echo.MAX_WORDS + OTHER_WORDS, emitter.deltas().size() + " deltas");
        assertEquals(result.outputText(), String.join("", emitter.deltas()));
        assertTrue(result.outputText().contains(CUT_NOTE));
    }

    @Test
    void one_huge_word_is_cut_at_16000_characters() throws Exception {
        String reply = new DefaultAgent(Duration.ZERO).invoke(RunInput.of("x".repeat(100_000)), context())
                .outputText();
        assertTrue(reply.length() < Echo.MAX_CHARS + 300, reply.length() + " chars");
        assertTrue(reply.contains(CUT_NOTE));
    }

    @Test
    void an_input_within_the_bounds_is_repeated_whole_without_a_note() throws Exception {
        String said = "word ".repeat(1_000).strip();
        assertEquals("You said \"" + said + "\". This is turn 1 of this session.",
                new DefaultAgent(Duration.ZERO).invoke(RunInput.of(said), context()).outputText());
    }

    private static RunContext context() {
        return RunContext.builder("bounded").cancellation(Cancellation.none()).build();
    }
}
