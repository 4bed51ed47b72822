package dev.agentport.store;

import java.util.Arrays;
import java.util.UUID;

/**
 * An id as two longs, when it is a UUID written as {@link UUID#toString()} writes one (lower-case hex, dashes at their
 * places): the ids AgentPort makes itself are (sessions, tasks, contexts). Two longs in the object that keeps the id
 * are two objects fewer than its text (a {@code String} and its bytes), and the text is written back from them exactly.
 * Any other id is kept as its text.
 */
public final class PackedId {

    private static final int LENGTH = 36;
    /** A character's value as a lower-case hex digit, or -1. */
    private static final byte[] DIGITS = new byte[128];

    static {
        Arrays.fill(DIGITS, (byte) -1);
        for (int c = '0'; c <= '9'; c++) {
            DIGITS[c] = (byte) (c - '0');
        }
        for (int c = 'a'; c <= 'f'; c++) {
            DIGITS[c] = (byte) (c - 'a' + 10);
        }
    }

    private PackedId() {
    }

    /** Whether {@code id} is a UUID's text exactly as {@link #text} writes it back. */
    public static boolean packs(String id) {
        if (id.length() != LENGTH || id.charAt(8) != '-' || id.charAt(13) != '-' || id.charAt(18) != '-'
                || id.charAt(23) != '-') {
            return false;
        }
        return (hex(id, 0, 8) | hex(id, 9, 13) | hex(id, 14, 18) | hex(id, 19, 23) | hex(id, 24, 36)) >= 0;
    }

    /** The first 64 bits of an id that {@link #packs}. */
    public static long high(String id) {
        return hex(id, 0, 8) << 32 | hex(id, 9, 13) << 16 | hex(id, 14, 18);
    }

    /** The last 64 bits of an id that {@link #packs}. */
    public static long low(String id) {
        return hex(id, 19, 23) << 48 | hex(id, 24, 36);
    }

    public static String text(long high, long low) {
        return new UUID(high, low).toString();
    }

    /** The value of at most 12 hex digits, or -1 when one is not a lower-case hex digit. */
    private static long hex(String id, int from, int to) {
        long bits = 0;
        int invalid = 0;
        for (int i = from; i < to; i++) {
            char c = id.charAt(i);
            int digit = c < DIGITS.length ? DIGITS[c] : -1;
            invalid |= digit;
            bits = bits << 4 | (digit & 0xF);
        }
        return invalid < 0 ? -1 : bits;
    }
}
