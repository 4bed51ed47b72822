package dev.agentport.defaultagent;

import dev.agentport.agent.Turn;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link TurnText}s of the history the default agent read last in each conversation, so that a history read again
 * is not made into texts again: a store that keeps its turns in memory hands out the same {@link Turn} objects on
 * every read, shifted by the turns appended since, and only the new ones need a text. A turn is reused only when it
 * is the very object read last time, so the texts are always those of the history given; a store that makes new
 * objects on every read gets new texts every time. Bounded: past {@code maxConversations} the least recently read
 * conversation goes first.
 */
final class TurnTexts {

    static final int DEFAULT_MAX_CONVERSATIONS = 1_024;

    private record Read(List<Turn> turns, List<TurnText> texts) {
    }

    private final Map<String, Read> last;

    TurnTexts(int maxConversations) {
        this.last = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Read> eldest) {
                return size() > maxConversations;
            }
        };
    }

    /** The texts of {@code history}, oldest first. */
    List<TurnText> of(String conversation, List<Turn> history) {
        if (history.isEmpty()) {
            return List.of();
        }
        Read read;
        synchronized (last) {
            read = last.get(conversation);
        }
        int shift = read == null ? -1 : indexOf(read.turns(), history.getFirst());
        TurnText[] texts = new TurnText[history.size()];
        for (int i = 0; i < texts.length; i++) {
            Turn turn = history.get(i);
            int before = shift < 0 ? -1 : shift + i;
            texts[i] = before >= 0 && before < read.turns().size() && read.turns().get(before) == turn
                    ? read.texts().get(before) : TurnText.of(turn);
        }
        List<TurnText> made = List.of(texts);
        synchronized (last) {
            last.put(conversation, new Read(history, made));
        }
        return made;
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
