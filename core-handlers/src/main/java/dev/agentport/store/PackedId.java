package dev.agentport.store;

import java.util.UUID;

/**
 * An id as two longs, when it is a UUID written as {@link UUID#toString()} writes one (lower-case hex, dashes at their
 * places): the ids AgentPort makes itself are (sessions, tasks, contexts). Two longs in the object that keeps the id
 * are two objects fewer than its text (a {@code String} and its bytes), and the text is written back from them exactly.
 * Any other id is kept as its text.
 */
public final class PackedId {

    private static final int LENGTH = 36;

    private PackedId() {
    }

    /** Whether {@code id} is a UUID's text exactly as {@link #text} writes it back. */
    public static boolean packs(String id) {
        if (id.length() != LENGTH) {
            return false;
        }
        for (int i = 0; i < LENGTH; i++) {
            char c = id.charAt(i);
            boolean ok = dash(i) ? c == '-' : (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** The first 64 bits of an id that {@link #packs}. */
    public static long high(String id) {
        return bits(id, 0, 18);
    }

    /** The last 64 bits of an id that {@link #packs}. */
    public static long low(String id) {
        return bits(id, 19, LENGTH);
    }

    public static String text(long high, long low) {
        return new UUID(high, low).toString();
    }

    private static long bits(String id, int from, int to) {
        long bits = 0;
        for (int i = from; i < to; i++) {
            if (!dash(i)) {
                bits = bits << 4 | Character.digit(id.charAt(i), 16);
            }
        }
        return bits;
    }

    private static boolean dash(int index) {
        return index == 8 || index == 13 || index == 18 || index == 23;
    }
}
