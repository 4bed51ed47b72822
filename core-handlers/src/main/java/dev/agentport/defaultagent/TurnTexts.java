package dev.agentport.defaultagent;

import dev.agentport.agent.Turn;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link TurnText}s of the history the default agent read last in each conversation, so that a history read again
 * is not made into texts again: a store that keeps its turns in memory hands out the same {@link Turn} objects on
 * every read, shifted by the turns appended since, and only the new ones need a text. A turn is reused only when it
 * is the very object read last time, so the texts are always those of the history given; a store that makes new
 * objects on every read gets new texts every time. Many calls of one conversation run at once, so this takes no lock
 * (the last of concurrent reads is kept). Bounded: past {@code maxConversations} conversations it starts over.
 */
final class TurnTexts {

    static final int DEFAULT_MAX_CONVERSATIONS = 1_024;
    private static final int UNALIGNED = Integer.MIN_VALUE;

    private record Read(List<Turn> turns, List<TurnText> texts) {
    }

    /** A conversation's last read. */
    private static final class Last {
        volatile Read read;
    }

    private final int maxConversations;
    private final Map<String, Last> last = new ConcurrentHashMap<>();

    TurnTexts(int maxConversations) {
        this.maxConversations = maxConversations;
    }

    /** The texts of {@code history}, oldest first. */
    List<TurnText> of(String conversation, List<Turn> history) {
        if (history.isEmpty()) {
            return List.of();
        }
        Last kept = last.computeIfAbsent(conversation, any -> new Last());
        if (last.size() > maxConversations) {
            last.clear();
        }
        Read read = kept.read;
        if (read != null && read.turns() == history) {
            return read.texts();
        }
        int shift = read == null ? UNALIGNED : shift(read.turns(), history);
        TurnText[] texts = new TurnText[history.size()];
        for (int i = 0; i < texts.length; i++) {
            Turn turn = history.get(i);
            int before = shift == UNALIGNED ? -1 : shift + i;
            texts[i] = before >= 0 && before < read.turns().size() && read.turns().get(before) == turn
                    ? read.texts().get(before) : TurnText.of(turn);
        }
        List<TurnText> made = List.of(texts);
        kept.read = new Read(history, made);
        return made;
    }

    /**
     * Where {@code history}'s turns stand in the last read: {@code history[i]} is {@code last[i + shift]}. The last read
     * may be newer than this one (another call of the conversation read after an append this one did not see), so the
     * shift may be negative; {@link #UNALIGNED} when they share no first turn.
     */
    private static int shift(List<Turn> last, List<Turn> history) {
        int newer = indexOf(last, history.getFirst());
        if (newer >= 0) {
            return newer;
        }
        int older = indexOf(history, last.getFirst());
        return older >= 0 ? -older : UNALIGNED;
    }

    private static int indexOf(List<Turn> turns, Turn turn) {
        for (int i = 0; i < turns.size(); i++) {
            if (turns.get(i) == turn) {
                return i;
            }
        }
        return -1;
    }
}
