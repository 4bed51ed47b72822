package dev.agentport.a2a;

import com.fasterxml.jackson.core.JsonGenerator;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Where a task's shared (0.3) form differs from A2A 1.0's ProtoJSON form ({@link ProtoJsonShapes}), recorded while the
 * shared form is written ({@link WrittenTask#of}), so that 1.0's answer is those bytes edited rather than the task
 * written a second time; and where its history member lies, for an answer without it. Both forms have the same members in the same order but for the {@code kind} members (not in
 * 1.0), the status's state and a message's role (ProtoJSON's enum names) and file parts (other members: a task with
 * one is not edited but written again).
 */
final class ProtoJsonEdits {

    /** Records nothing: every other writing of the shared form. */
    static final ProtoJsonEdits OFF = new ProtoJsonEdits(false);

    /** What replaces an edit's bytes: nothing (a dropped member), a role, a state. */
    private static final byte[][] REPLACEMENTS = new byte[3 + TaskState.values().length][];
    private static final int DROP = 0;
    private static final int ROLE_USER = 1;
    private static final int ROLE_AGENT = 2;
    private static final int STATE = 3;

    static {
        REPLACEMENTS[DROP] = new byte[0];
        REPLACEMENTS[ROLE_USER] = bytes(",\"role\":\"ROLE_USER\"");
        REPLACEMENTS[ROLE_AGENT] = bytes(",\"role\":\"ROLE_AGENT\"");
        for (TaskState state : TaskState.values()) {
            REPLACEMENTS[STATE + state.ordinal()] = bytes("\"state\":\"" + state.protoName() + "\"");
        }
    }

    private final boolean on;
    /** The edits in the order of the bytes, three ints each (from, to, what replaces them), {@code used} of them. */
    private int[] edits;
    private int used;
    private boolean impossible;
    private int historyFrom;
    private int historyTo;

    private ProtoJsonEdits(boolean on) {
        this.on = on;
    }

    static ProtoJsonEdits recording() {
        return new ProtoJsonEdits(true);
    }

    /** Where the generator of {@code Json.written} is in the bytes (0 when not recording). */
    int at(JsonGenerator out) {
        return on ? WrittenTask.position(out) : 0;
    }

    /** Drops the member written since {@code from} and the comma the next member writes: a {@code kind} member. */
    void dropMember(int from, JsonGenerator out) {
        if (on) {
            add(from, at(out) + 1, DROP);
        }
    }

    /** The status's first member, written since {@code from}: {@code "state":"…"}. */
    void state(int from, JsonGenerator out, TaskState state) {
        if (on) {
            add(from, at(out), STATE + state.ordinal());
        }
    }

    /** A message's role, written since {@code from} with the comma before it (it follows {@code messageId}). */
    void role(int from, JsonGenerator out, String role) {
        if (on) {
            add(from, at(out), role.equals("user") ? ROLE_USER : ROLE_AGENT);
        }
    }

    /** The history member ({@code ,"history":[…]}, or nothing) starts here. */
    void historyFrom(JsonGenerator out) {
        if (on) {
            historyFrom = at(out);
        }
    }

    /** The history member ends here. */
    void historyTo(JsonGenerator out) {
        if (on) {
            historyTo = at(out);
        }
    }

    int historyFrom() {
        return historyFrom;
    }

    int historyTo() {
        return historyTo;
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
        for (int i = 0; i < used; i += 3) {
            length += REPLACEMENTS[edits[i + 2]].length - (edits[i + 1] - edits[i]);
        }
        byte[] edited = new byte[length];
        System.arraycopy(before, 0, edited, 0, before.length);
        int read = 0;
        int written = before.length;
        for (int i = 0; i < used; i += 3) {
            int from = edits[i];
            System.arraycopy(bytes, read, edited, written, from - read);
            written += from - read;
            byte[] replacement = REPLACEMENTS[edits[i + 2]];
            System.arraycopy(replacement, 0, edited, written, replacement.length);
            written += replacement.length;
            read = edits[i + 1];
        }
        System.arraycopy(bytes, read, edited, written, bytes.length - read);
        System.arraycopy(after, 0, edited, length - after.length, after.length);
        return edited;
    }

    private void add(int from, int to, int replacement) {
        if (edits == null) {
            edits = new int[3 * 6]; // a task with one reply and one message: six edits
        } else if (used == edits.length) {
            edits = Arrays.copyOf(edits, edits.length * 2);
        }
        edits[used++] = from;
        edits[used++] = to;
        edits[used++] = replacement;
    }

    private static byte[] bytes(String ascii) {
        return ascii.getBytes(StandardCharsets.US_ASCII);
    }
}
