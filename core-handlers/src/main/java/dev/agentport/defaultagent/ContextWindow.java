package dev.agentport.defaultagent;

import dev.agentport.agent.ContextUsage;
import dev.agentport.base.TailList;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * What the default agent keeps of a conversation: the newest turns verbatim, and the oldest ones compacted into a
 * one-line summary once the whole no longer fits its token budget. Built turn by turn from the session's history, so
 * two instances given the same history hold the same window and report the same usage.
 *
 * <p>When a new turn takes the window over its budget, the oldest turns are folded into the summary until the window
 * is back at half the budget (the newest turn always stays), which leaves room for the next turns before the next
 * compaction.
 *
 * @param budget      the most tokens the window may hold before it compacts
 * @param summary     the one-line summary of the compacted turns, or {@code null} before the first compaction
 * @param compacted   how many of the oldest turns the summary stands for
 * @param history     every turn, oldest first: the {@code compacted} ones, then the ones kept verbatim
 * @param tokens      the estimated tokens the window holds: the summary's and every kept turn's
 * @param compactions how often the window has compacted
 */
record ContextWindow(int budget, Summary summary, int compacted, List<TurnText> history, long tokens,
                     int compactions) {

    ContextWindow {
        // the texts TurnTexts makes and a grown window are immutable: copying them would cost the history's length
        history = history instanceof TailList<TurnText> || history instanceof Grown ? history : List.copyOf(history);
    }

    static ContextWindow empty(int budget) {
        return new ContextWindow(budget, null, 0, List.of(), 0, 0);
    }

    /**
     * The window {@link #add adding} each turn of {@code history} in turn would give, built in one pass: the kept turns
     * are the history from {@code compacted} on, and their tokens a running sum, so a long history costs no more than
     * its length. The summary is made once, at the end: only its tokens are needed on the way.
     */
    static ContextWindow of(List<TurnText> history, int budget) {
        int compacted = 0;
        long keptTokens = 0;
        long summaryTokens = 0;
        int compactions = 0;
        for (int newest = 0; newest < history.size(); newest++) {
            keptTokens += history.get(newest).tokens();
            if (summaryTokens + keptTokens <= budget || compacted == newest) {
                continue;
            }
            while (compacted < newest && summaryTokens + keptTokens > budget / 2) {
                TurnText oldest = history.get(compacted++);
                keptTokens -= oldest.tokens();
                summaryTokens = Summary.tokens(history.getFirst().snippetLength(), oldest.snippetLength(), compacted);
            }
            compactions++;
        }
        Summary summary = compacted == 0 ? null
                : new Summary(history.getFirst().snippet(), history.get(compacted - 1).snippet(), compacted);
        return new ContextWindow(budget, summary, compacted, history, summaryTokens + keptTokens, compactions);
    }

    /** The window once {@code turn} has been added, compacted when it no longer fits. */
    ContextWindow add(TurnText turn) {
        List<TurnText> grown = with(turn);
        if (tokens + turn.tokens() <= budget || compacted == history.size()) {
            return new ContextWindow(budget, summary, compacted, grown, tokens + turn.tokens(), compactions);
        }
        Summary folded = summary;
        long keptTokens = tokens - tokens(summary) + turn.tokens();
        int count = compacted;
        while (count < history.size() && tokens(folded) + keptTokens > budget / 2) {
            TurnText oldest = history.get(count++);
            keptTokens -= oldest.tokens();
            folded = Summary.of(folded, count, oldest);
        }
        return new ContextWindow(budget, folded, count, grown, tokens(folded) + keptTokens, compactions + 1);
    }

    private List<TurnText> with(TurnText turn) {
        return new Grown(history, turn);
    }

    /** A history and one turn after it, without copying the history. */
    private static final class Grown extends AbstractList<TurnText> implements RandomAccess {

        private final List<TurnText> history;
        private final TurnText newest;

        Grown(List<TurnText> history, TurnText newest) {
            this.history = history;
            this.newest = newest;
        }

        @Override
        public TurnText get(int index) {
            return index == history.size() ? newest : history.get(index);
        }

        @Override
        public int size() {
            return history.size() + 1;
        }
    }

    /** The turns kept verbatim, oldest first. */
    List<TurnText> turns() {
        return history.subList(compacted, history.size());
    }

    /** The newest turn kept verbatim, or {@code null} when the window is empty. */
    TurnText newest() {
        return compacted == history.size() ? null : history.getLast();
    }

    ContextUsage usage() {
        double percent = Math.min(100.0, Math.round(1000.0 * tokens / budget) / 10.0);
        return new ContextUsage(tokens, history.size(), compactions, percent);
    }

    private static long tokens(Summary summary) {
        return summary == null ? 0 : summary.tokens();
    }
}
