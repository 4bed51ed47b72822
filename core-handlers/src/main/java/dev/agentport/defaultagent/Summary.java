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

    /**
     * The text on one line (every run of whitespace as one space), cut before its seventh word and at
     * {@value #SNIPPET_CHARS} characters, with " ..." when that cut something. Reads only as far as the cut.
     */
    private static String snippet(String text) {
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

    /** What the regular expression {@code \s} matches. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }
}
