package dev.agentport.defaultagent;

import java.util.List;
import java.util.Locale;

/**
 * What the default agent repeats of a text: all of it, or its first {@value #MAX_WORDS} words and at most
 * {@value #MAX_CHARS} characters, so that a huge input cannot make a huge (or, streamed, an endless) reply.
 *
 * @param text   the part repeated
 * @param cut    whether the text was longer than that
 * @param length the length of the whole text, in characters
 */
record Echo(String text, boolean cut, int length) {

    static final int MAX_WORDS = 2_000;
    static final int MAX_CHARS = 16_000;

    static Echo of(String said) {
        if (said.length() <= MAX_WORDS || said.length() <= MAX_CHARS && wordCount(said) <= MAX_WORDS) {
            return new Echo(said, false, said.length()); // a word has a character at least
        }
        List<String> words = DefaultAgent.words(said);
        String kept = String.join("", words.subList(0, Math.min(words.size(), MAX_WORDS)));
        if (kept.length() > MAX_CHARS) {
            kept = kept.substring(0, Character.isHighSurrogate(kept.charAt(MAX_CHARS - 1)) ? MAX_CHARS - 1 : MAX_CHARS);
        }
        return new Echo(kept + " ...", true, said.length());
    }

    /** How many words {@link DefaultAgent#words} makes of {@code text}, without making them. */
    private static int wordCount(String text) {
        int count = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) != ' ' && (i == 0 || text.charAt(i - 1) == ' ')) {
                count++;
            }
        }
        return count;
    }

    /** The note the reply carries when the text was cut, else an empty string. */
    String note() {
        return cut ? String.format(Locale.ROOT, " (I repeat at most %,d words and %,d characters; you sent %,d "
                + "characters.)", MAX_WORDS, MAX_CHARS, length) : "";
    }
}
