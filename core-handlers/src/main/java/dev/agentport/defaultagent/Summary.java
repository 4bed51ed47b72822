package dev.agentport.defaultagent;

import java.util.List;

/**
 * The one line that stands for the compacted turns: their range, how the conversation began and what the newest of
 * them was about. Its length is bounded, however many turns it covers.
 *
 * @param first     the first words of the first compacted turn
 * @param last      the first words of the newest compacted turn
 * @param lastTurn  the number of the newest compacted turn (the first is turn 1)
 */
record Summary(String first, String last, int lastTurn) {

    private static final int SNIPPET_WORDS = 6;
    private static final int SNIPPET_CHARS = 48;

    /** {@code previous} (or nothing) extended with turn number {@code turnNumber}. */
    static Summary of(Summary previous, int turnNumber, TurnText turn) {
        String snippet = snippet(turn.input());
        return new Summary(previous == null ? snippet : previous.first(), snippet, turnNumber);
    }

    String line() {
        return lastTurn == 1
                ? "Turn 1 (compacted): you said \"" + first + "\"."
                : "Turns 1 to " + lastTurn + " (compacted): you began with \"" + first + "\" and then said \"" + last
                        + "\".";
    }

    private static String snippet(String text) {
        String oneLine = text.strip().replaceAll("\\s+", " ");
        List<String> words = DefaultAgent.words(oneLine);
        String snippet = String.join("", words.subList(0, Math.min(words.size(), SNIPPET_WORDS)));
        if (snippet.length() > SNIPPET_CHARS) {
            snippet = snippet.substring(0, SNIPPET_CHARS);
        }
        return snippet.length() < oneLine.length() ? snippet + " ..." : snippet;
    }
}
