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
        return shaped(id)
                && (hex(id, 0, 8) | hex(id, 9, 13) | hex(id, 14, 18) | hex(id, 19, 23) | hex(id, 24, 36)) >= 0;
    }

    /**
     * {@link #packs}, {@link #high} and {@link #low} in one reading of the text: whether {@code id} packs, and if so
     * its two longs in {@code into}.
     */
    static boolean read(String id, long[] into) {
        if (!shaped(id)) {
            return false;
        }
        long first = hex(id, 0, 8);
        long second = hex(id, 9, 13);
        long third = hex(id, 14, 18);
        long fourth = hex(id, 19, 23);
        long fifth = hex(id, 24, 36);
        if ((first | second | third | fourth | fifth) < 0) {
            return false;
        }
        into[0] = first << 32 | second << 16 | third;
        into[1] = fourth << 48 | fifth;
        return true;
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

    private static boolean shaped(String id) {
        return id.length() == LENGTH && id.charAt(8) == '-' && id.charAt(13) == '-' && id.charAt(18) == '-'
                && id.charAt(23) == '-';
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
