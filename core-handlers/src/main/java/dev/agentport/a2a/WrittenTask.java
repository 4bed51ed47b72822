package dev.agentport.a2a;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import dev.agentport.json.Json;

import java.io.IOException;
import java.util.Arrays;

/**
 * A task and its wire form ({@link A2aTask#bytes()}), written once where the task ends: the in-memory task store keeps
 * these bytes, and an answer in the same form (A2A 0.3, Daedalus without the history) is made from them rather than
 * by writing the task again; so is 1.0's, in another form ({@link ProtoJsonShapes#writtenTaskResult}).
 *
 * @param historyFrom    where the history member ({@code ,"history":[…]}) starts in {@code bytes}
 * @param historyTo      where it ends; equal to {@code historyFrom} when the task has no history
 * @param protoJsonEdits where {@code bytes} differ from the task's ProtoJSON form
 */
public record WrittenTask(A2aTask task, byte[] bytes, int historyFrom, int historyTo, ProtoJsonEdits protoJsonEdits) {

    public static WrittenTask of(A2aTask task) {
        ProtoJsonEdits edits = ProtoJsonEdits.recording();
        byte[] bytes = Json.written(out -> task.write(out, edits));
        return new WrittenTask(task, bytes, edits.historyFrom(), edits.historyTo(), edits);
    }

    /** The bytes of {@code task.withHistoryLength(0)}: {@link #bytes} itself when it has no history. */
    public byte[] withoutHistory() {
        if (historyFrom == historyTo) {
            return bytes;
        }
        byte[] without = Arrays.copyOf(bytes, bytes.length - (historyTo - historyFrom));
        System.arraycopy(bytes, historyTo, without, historyFrom, bytes.length - historyTo);
        return without;
    }

    /** How many bytes {@link Json#written} has been given so far. */
    static int position(JsonGenerator out) {
        return ((ByteArrayBuilder) out.getOutputTarget()).size() + out.getOutputBuffered();
    }
}
