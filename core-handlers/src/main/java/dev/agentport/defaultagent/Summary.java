package dev.agentport.defaultagent;

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
    private static final String ONE_TURN = "Turn 1 (compacted): you said \"";
    private static final String TURNS = "Turns 1 to ";
    private static final String BEGAN = " (compacted): you began with \"";
    private static final String THEN = "\" and then said \"";
    private static final String END = "\".";

    /** {@code previous} (or nothing) extended with turn number {@code turnNumber}. */
    static Summary of(Summary previous, int turnNumber, TurnText turn) {
        return new Summary(previous == null ? turn.snippet() : previous.first(), turn.snippet(), turnNumber);
    }

    String line() {
        return lastTurn == 1 ? ONE_TURN + first + END : TURNS + lastTurn + BEGAN + first + THEN + last + END;
    }

    /** The tokens of {@link #line()}, counted from the lengths of its parts without making it. */
    long tokens() {
        return tokens(first, last, lastTurn);
    }

    /** The tokens of the line of a summary of these parts, without making the summary. */
    static long tokens(String first, String last, int lastTurn) {
        return tokens(first.length(), last.length(), lastTurn);
    }

    /** As {@link #tokens(String, String, int)}, from the lengths of the first and last snippets. */
    static long tokens(int firstLength, int lastLength, int lastTurn) {
        int length = lastTurn == 1 ? ONE_TURN.length() + firstLength + END.length()
                : TURNS.length() + digits(lastTurn) + BEGAN.length() + firstLength + THEN.length() + lastLength
                        + END.length();
        return TurnText.tokens(length);
    }

    private static int digits(int number) {
        int digits = 1;
        for (long bound = 10; bound <= number; bound *= 10) {
            digits++;
        }
        return digits;
    }

    /**
     * The text on one line (every run of whitespace as one space), cut before its seventh word and at
     * {@value #SNIPPET_CHARS} characters, with " ..." when that cut something. Reads only as far as the cut.
     */
    static String snippet(String text) {
        if (isOwnSnippet(text)) {
            return text;
        }
        String stripped = text.strip();
        StringBuilder snippet = new StringBuilder(SNIPPET_CHARS + 4);
        int spaces = 0;
        int i = 0;
        while (i < stripped.length()) {
            if (snippet.length() == SNIPPET_CHARS) {
                return snippet.append(" ...").toString();
            }
            char c = stripped.charAt(i);
            if (!isSpace(c)) {
                snippet.append(c);
                i++;
                continue;
            }
            if (++spaces == SNIPPET_WORDS) {
                return snippet.append(" ...").toString();
            }
            snippet.append(' ');
            while (isSpace(stripped.charAt(i))) { // the text is stripped: a non-space follows
                i++;
            }
        }
        return snippet.toString();
    }

    /**
     * Whether the text is its own snippet, as most short messages are: at most {@value #SNIPPET_CHARS} characters and
     * {@value #SNIPPET_WORDS} words, single spaces between them, no other whitespace (nor control character). Spares
     * a copy on every compaction.
     */
    private static boolean isOwnSnippet(String text) {
        if (text.length() > SNIPPET_CHARS) {
            return false;
        }
        int spaces = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ' ') {
                if (i == 0 || i == text.length() - 1 || text.charAt(i - 1) == ' ' || ++spaces == SNIPPET_WORDS) {
                    return false;
                }
            } else if (c < ' ' || c >= '\u0080' && Character.isWhitespace(c)) { // any control character too
                return false;
            }
        }
        return true;
    }

    /** What the regular expression {@code \s} matches. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }
}
