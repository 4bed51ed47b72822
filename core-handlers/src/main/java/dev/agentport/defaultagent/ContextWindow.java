package dev.agentport.defaultagent;

import dev.agentport.agent.ContextUsage;

import java.util.List;

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
 * @param turns       the turns kept verbatim, oldest first
 * @param tokens      the estimated tokens the window holds: the summary's and every kept turn's
 * @param compactions how often the window has compacted
 */
record ContextWindow(int budget, Summary summary, int compacted, List<TurnText> turns, long tokens, int compactions) {

    ContextWindow {
        turns = List.copyOf(turns);
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
        String first = null;
        String last = null;
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
                last = oldest.snippet();
                first = first == null ? last : first;
                summaryTokens = Summary.tokens(first, last, compacted);
            }
            compactions++;
        }
        Summary summary = first == null ? null : new Summary(first, last, compacted);
        return new ContextWindow(budget, summary, compacted, history.subList(compacted, history.size()),
                summaryTokens + keptTokens, compactions);
    }

    /** The window once {@code turn} has been added, compacted when it no longer fits. */
    ContextWindow add(TurnText turn) {
        if (tokens + turn.tokens() <= budget || turns.isEmpty()) {
            return new ContextWindow(budget, summary, compacted, with(0, turn), tokens + turn.tokens(), compactions);
        }
        Summary folded = summary;
        long keptTokens = tokens - tokens(summary) + turn.tokens();
        int dropped = 0;
        while (dropped < turns.size() && tokens(folded) + keptTokens > budget / 2) {
            TurnText oldest = turns.get(dropped++);
            keptTokens -= oldest.tokens();
            folded = Summary.of(folded, compacted + dropped, oldest);
        }
        return new ContextWindow(budget, folded, compacted + dropped, with(dropped, turn),
                tokens(folded) + keptTokens, compactions + 1);
    }

    /** The kept turns from {@code from} on, then {@code turn}: one copy. */
    private List<TurnText> with(int from, TurnText turn) {
        TurnText[] kept = new TurnText[turns.size() - from + 1];
        for (int i = from; i < turns.size(); i++) {
            kept[i - from] = turns.get(i);
        }
        kept[kept.length - 1] = turn;
        return List.of(kept);
    }

    /** The newest turn kept verbatim, or {@code null} when the window is empty. */
    TurnText newest() {
        return turns.isEmpty() ? null : turns.getLast();
    }

    ContextUsage usage() {
        long tokens = tokens();
        double percent = Math.min(100.0, Math.round(1000.0 * tokens / budget) / 10.0);
        return new ContextUsage(tokens, compacted + turns.size(), compactions, percent);
    }

    private static long tokens(Summary summary) {
        return summary == null ? 0 : summary.tokens();
    }
}
