package dev.agentport.a2a;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Where a task's shared (0.3) form differs from A2A 1.0's ProtoJSON form ({@link ProtoJsonShapes}), recorded while the
 * shared form is written ({@link WrittenTask#of}), so that 1.0's answer is those bytes edited rather than the task
 * written a second time. Both forms have the same members in the same order but for the {@code kind} members (not in
 * 1.0), the status's state and a message's role (ProtoJSON's enum names) and file parts (other members: a task with
 * one is not edited but written again).
 */
final class ProtoJsonEdits {

    /** Records nothing: every other writing of the shared form. */
    static final ProtoJsonEdits OFF = new ProtoJsonEdits(false);

    private static final byte[] ROLE_USER = bytes(",\"role\":\"ROLE_USER\"");
    private static final byte[] ROLE_AGENT = bytes(",\"role\":\"ROLE_AGENT\"");
    private static final byte[][] STATES = new byte[TaskState.values().length][];

    static {
        for (TaskState state : TaskState.values()) {
            STATES[state.ordinal()] = bytes("\"state\":\"" + state.protoName() + "\"");
        }
    }

    private final boolean on;
    /** The edits in the order of the bytes: from, to, and what replaces them (nothing, or one of the arrays above). */
    private int[] spans;
    private byte[][] replacements;
    private int count;
    private boolean impossible;

    private ProtoJsonEdits(boolean on) {
        this.on = on;
    }

    static ProtoJsonEdits recording() {
        return new ProtoJsonEdits(true);
    }

    /** How many bytes the generator of {@code Json.written} has been given so far. */
    int at(JsonGenerator out) {
        return on ? ((ByteArrayBuilder) out.getOutputTarget()).size() + out.getOutputBuffered() : 0;
    }

    /** Drops the member written since {@code from} and the comma the next member writes: a {@code kind} member. */
    void dropMember(int from, JsonGenerator out) {
        if (on) {
            add(from, at(out) + 1, null);
        }
    }

    /** The status's first member, written since {@code from}: {@code "state":"…"}. */
    void state(int from, JsonGenerator out, TaskState state) {
        if (on) {
            add(from, at(out), STATES[state.ordinal()]);
        }
    }

    /** A message's role, written since {@code from} with the comma before it (it follows {@code messageId}). */
    void role(int from, JsonGenerator out, String role) {
        if (on) {
            add(from, at(out), role.equals("user") ? ROLE_USER : ROLE_AGENT);
        }
    }

    /** A part whose 1.0 form has other members: the task is written again. */
    void cannotEdit() {
        impossible = true;
    }

    /**
     * The ProtoJSON form of the task whose shared form is {@code bytes}, between {@code before} and {@code after}; or
     * {@code null} when it cannot be edited.
     */
    byte[] apply(byte[] bytes, byte[] before, byte[] after) {
        if (!on || impossible) {
            return null;
        }
        int length = before.length + bytes.length + after.length;
        for (int i = 0; i < count; i++) {
            length += (replacements[i] == null ? 0 : replacements[i].length) - (spans[2 * i + 1] - spans[2 * i]);
        }
        byte[] edited = new byte[length];
        System.arraycopy(before, 0, edited, 0, before.length);
        int read = 0;
        int written = before.length;
        for (int i = 0; i < count; i++) {
            int from = spans[2 * i];
            System.arraycopy(bytes, read, edited, written, from - read);
            written += from - read;
            if (replacements[i] != null) {
                System.arraycopy(replacements[i], 0, edited, written, replacements[i].length);
                written += replacements[i].length;
            }
            read = spans[2 * i + 1];
        }
        System.arraycopy(bytes, read, edited, written, bytes.length - read);
        System.arraycopy(after, 0, edited, length - after.length, after.length);
        return edited;
    }

    private void add(int from, int to, byte[] replacement) {
        if (spans == null) {
            spans = new int[16];
            replacements = new byte[8][];
        } else if (count == replacements.length) {
            spans = Arrays.copyOf(spans, spans.length * 2);
            replacements = Arrays.copyOf(replacements, replacements.length * 2);
        }
        spans[2 * count] = from;
        spans[2 * count + 1] = to;
        replacements[count++] = replacement;
    }

    private static byte[] bytes(String ascii) {
        return ascii.getBytes(StandardCharsets.US_ASCII);
    }
}
