package dev.agentport.defaultagent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.agent.Turn;
import dev.agentport.base.TailList;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link TurnText}s of the history the default agent read last in each conversation, so that a history read again
 * is not made into texts again: a store that keeps its turns in memory hands out the same {@link Turn} objects on
 * every read, shifted by the turns appended since, and only the new ones need a text: the texts of a history that is
 * the last one less its oldest turns, plus new ones, are the last texts less as many, plus the new ones' texts, made
 * without copying the others ({@link TailList}). A turn is reused only when it
 * is the very object read last time, so the texts are always those of the history given; a store that makes new
 * objects on every read gets new texts every time. Many calls of one conversation run at once, so this takes no lock
 * (the last of concurrent reads is kept). Bounded: past {@code maxConversations} conversations it starts over.
 *
 * <p>It also keeps the text of the turn the agent {@link #answered answered} last in each conversation: the next read
 * hands that turn back as a new {@link Turn}, whose text is then the one already made when its input is the very text
 * node the agent read and its output the same text.
 */
final class TurnTexts {

    static final int DEFAULT_MAX_CONVERSATIONS = 1_024;
    private static final int UNALIGNED = Integer.MIN_VALUE;

    private record Read(List<Turn> turns, TailList<TurnText> texts) {
    }

    /** The text made for the turn the agent answered to {@code input}. */
    private record Answered(JsonNode input, TurnText text) {

        boolean madeFor(Turn turn) {
            // a text node cannot change, so the same node has the same text
            return turn.input() == input && input.isTextual() && turn.output() != null && turn.output().isTextual()
                    && turn.output().asText().equals(text.output());
        }
    }

    /** A conversation's last read, and its turn answered last. */
    private static final class Last {
        volatile Read read;
        volatile Answered answered;
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
        Answered answered = kept.answered;
        TailList<TurnText> made = read == null ? null : extended(read, history, answered);
        if (made == null) {
            made = aligned(read, history, answered);
        }
        kept.read = new Read(history, made);
        return made;
    }

    /**
     * Keeps {@code text}, made for the turn the agent has just answered with {@code input}, for the next read of the
     * conversation (if it has been read).
     */
    void answered(String conversation, JsonNode input, TurnText text) {
        Last kept = last.get(conversation);
        if (kept != null) {
            kept.answered = new Answered(input, text);
        }
    }

    private static TurnText text(Turn turn, Answered answered) {
        return answered != null && answered.madeFor(turn) ? answered.text() : TurnText.of(turn);
    }

    /**
     * The last read's texts less its oldest ones and with the new turns' texts, when {@code history} is the last read's
     * turns from some turn on (the very objects), then new ones; else null.
     */
    private static TailList<TurnText> extended(Read read, List<Turn> history, Answered answered) {
        List<Turn> last = read.turns();
        int dropped = indexOf(last, history.getFirst());
        int common = last.size() - dropped;
        if (dropped < 0 || common > history.size()) {
            return null;
        }
        for (int i = 1; i < common; i++) {
            if (history.get(i) != last.get(dropped + i)) {
                return null;
            }
        }
        TailList<TurnText> texts = read.texts().dropFirst(dropped);
        for (int i = common; i < history.size(); i++) {
            texts = texts.append(text(history.get(i), answered), Integer.MAX_VALUE);
        }
        return texts;
    }

    /** The texts of {@code history}, each made again unless the last read has its turn at the same offset. */
    private static TailList<TurnText> aligned(Read read, List<Turn> history, Answered answered) {
        int shift = read == null ? UNALIGNED : shift(read.turns(), history);
        TurnText[] texts = new TurnText[history.size()];
        for (int i = 0; i < texts.length; i++) {
            Turn turn = history.get(i);
            int before = shift == UNALIGNED ? -1 : shift + i;
            texts[i] = before >= 0 && before < read.turns().size() && read.turns().get(before) == turn
                    ? read.texts().get(before) : text(turn, answered);
        }
        return TailList.handOver(texts);
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
