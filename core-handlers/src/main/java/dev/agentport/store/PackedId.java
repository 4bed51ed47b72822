package dev.agentport.store;

import java.util.Arrays;
import java.util.UUID;

/**
 * An id as two longs, when it is a UUID written as {@link UUID#toString()} writes one (lower-case hex, dashes at their
 * places): the ids AgentPort makes itself are (sessions, tasks, contexts). Two longs in the object that keeps the id
 * are two objects fewer than its text (a {@code String} and its bytes), and the text is written back from them exactly.
 * Any other id is kept as its text.
 *
 * <p>{@link #form} also packs such a UUID after one of a few fixed {@link #PREFIXES}, as the prefix's number and the two
 * longs: Daedalus names a task it makes up {@code anonymous-<uuid>}.
 */
public final class PackedId {

    /** What {@link #form} gives for an id that does not pack. */
    public static final int TEXT = -1;
    /**
     * The texts a packed id may start with, numbered by their place: none, and Daedalus' made-up task ids
     * ({@code daedalus.TaskStarts}).
     */
    private static final String[] PREFIXES = {"", "anonymous-"};
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
        return shaped(id, 0) && bits(id, 0, into);
    }

    /**
     * How {@code id} packs, in one reading of its text: the number of the prefix it has before a UUID written as
     * {@link UUID#toString()} writes one, with the UUID's two longs in {@code into}; or {@link #TEXT}. The id is
     * written back exactly by {@link #text(int, long, long)}.
     */
    public static int form(String id, long[] into) {
        for (int prefix = 0; prefix < PREFIXES.length; prefix++) {
            int at = PREFIXES[prefix].length();
            if (shaped(id, at) && id.startsWith(PREFIXES[prefix]) && bits(id, at, into)) {
                return prefix;
            }
        }
        return TEXT;
    }

    /** The id {@link #form} read as {@code prefix}, {@code high} and {@code low}. */
    public static String text(int prefix, long high, long low) {
        return prefix == 0 ? text(high, low) : PREFIXES[prefix].concat(text(high, low));
    }

    /** Reads the UUID at {@code at} into {@code into}; false, leaving it as it was, if a digit is not one. */
    private static boolean bits(String id, int at, long[] into) {
        long first = hex(id, at, at + 8);
        long second = hex(id, at + 9, at + 13);
        long third = hex(id, at + 14, at + 18);
        long fourth = hex(id, at + 19, at + 23);
        long fifth = hex(id, at + 24, at + 36);
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
        return shaped(id, 0);
    }

    /** Whether {@code id} has a UUID's length and dashes from {@code at} to its end. */
    private static boolean shaped(String id, int at) {
        return id.length() == at + LENGTH && id.charAt(at + 8) == '-' && id.charAt(at + 13) == '-'
                && id.charAt(at + 18) == '-' && id.charAt(at + 23) == '-';
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
