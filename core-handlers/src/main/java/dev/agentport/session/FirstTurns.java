package dev.agentport.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.agent.Turn;
import dev.agentport.store.SlotBytes;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;

/**
 * The in-memory session store's one-turn conversations, by slot, as arrays of bytes, ints and longs: a turn whose
 * input and output are texts is kept as their UTF-8 bytes, within the slot's {@value #INLINE_BYTES} bytes of one large
 * array when they fit (no object of its own), else in one array of its own ({@link SlotBytes}); its time as seconds and
 * nanoseconds. Most
 * conversations have one turn (a call without a session id starts one), and the store keeps thousands: kept so, the
 * collector has nothing of theirs to copy. A read makes equal nodes again. Not synchronized: the store's lock guards it.
 */
final class FirstTurns {

    /** Room per slot in {@link #inline}: a short question and answer, as the default agent's. */
    static final int INLINE_BYTES = 128;

    /** The input's bytes and then the output's. */
    private final SlotBytes bytes = new SlotBytes(INLINE_BYTES);
    private int[] inputBytes = new int[0];
    private long[] atSecond = new long[0];
    private int[] atNano = new int[0];

    /**
     * Makes room for slots below {@code slots}, at most {@code Integer.MAX_VALUE / INLINE_BYTES}; all or nothing: the
     * copies are kept only once every one is made.
     */
    void grow(int slots) {
        if (slots <= inputBytes.length) {
            return;
        }
        int[] moreInputBytes = Arrays.copyOf(inputBytes, slots);
        long[] moreAtSecond = Arrays.copyOf(atSecond, slots);
        int[] moreAtNano = Arrays.copyOf(atNano, slots);
        bytes.grow(slots);
        inputBytes = moreInputBytes;
        atSecond = moreAtSecond;
        atNano = moreAtNano;
    }

    /** Keeps {@code turn} at {@code slot} if it is two texts and a time; false, keeping nothing, otherwise. */
    boolean keep(int slot, Turn turn) {
        if (turn.at() == null || !(turn.input() instanceof TextNode input) || !(turn.output() instanceof TextNode output)
                || input.textValue() == null || output.textValue() == null) {
            return false;
        }
        int in = utf8Length(input.textValue());
        int out = utf8Length(output.textValue());
        if (in < 0 || out < 0) {
            return false;
        }
        bytes.reserve(slot, in + out);
        byte[] into = bytes.array(slot);
        writeUtf8(output.textValue(), into, writeUtf8(input.textValue(), into, bytes.offset(slot)));
        inputBytes[slot] = in;
        atSecond[slot] = turn.at().getEpochSecond();
        atNano[slot] = turn.at().getNano();
        return true;
    }

    /** Whether the turn kept at {@code slot} is in its slot's room of the large array. */
    boolean inline(int slot) {
        return bytes.inRoom(slot);
    }

    /** The turn kept at {@code slot}. */
    Turn read(int slot) {
        byte[] from = bytes.array(slot);
        int at = bytes.offset(slot);
        int in = inputBytes[slot];
        JsonNode input = TextNode.valueOf(new String(from, at, in, StandardCharsets.UTF_8));
        JsonNode output = TextNode.valueOf(new String(from, at + in, bytes.length(slot) - in, StandardCharsets.UTF_8));
        return new Turn(input, output, Instant.ofEpochSecond(atSecond[slot], atNano[slot]));
    }

    /** Lets go of what {@code slot} kept: its own array, or its room's bytes, zeroed so that no text outlives it. */
    void clear(int slot) {
        bytes.clear(slot);
    }

    /** The length of {@code text} in UTF-8, or -1 if it holds a lone surrogate, which UTF-8 cannot give back. */
    private static int utf8Length(String text) {
        int bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (!Character.isSurrogate(c)) {
                bytes += 3;
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                return -1;
            }
        }
        return bytes;
    }

    /** Writes {@code text}, whose {@link #utf8Length} is not -1, at {@code at}; returns where it ended. */
    private static int writeUtf8(String text, byte[] into, int at) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                into[at++] = (byte) c;
            } else if (c < 0x800) {
                into[at++] = (byte) (0xC0 | c >> 6);
                into[at++] = (byte) (0x80 | c & 0x3F);
            } else if (!Character.isSurrogate(c)) {
                into[at++] = (byte) (0xE0 | c >> 12);
                into[at++] = (byte) (0x80 | c >> 6 & 0x3F);
                into[at++] = (byte) (0x80 | c & 0x3F);
            } else {
                int point = Character.toCodePoint(c, text.charAt(++i));
                into[at++] = (byte) (0xF0 | point >> 18);
                into[at++] = (byte) (0x80 | point >> 12 & 0x3F);
                into[at++] = (byte) (0x80 | point >> 6 & 0x3F);
                into[at++] = (byte) (0x80 | point & 0x3F);
            }
        }
        return at;
    }
}
