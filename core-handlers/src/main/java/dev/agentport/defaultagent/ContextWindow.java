package dev.agentport.defaultagent;

import dev.agentport.agent.ContextUsage;

import java.util.ArrayList;
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
 * @param compactions how often the window has compacted
 */
record ContextWindow(int budget, Summary summary, int compacted, List<TurnText> turns, int compactions) {

    ContextWindow {
        turns = List.copyOf(turns);
    }

    static ContextWindow empty(int budget) {
        return new ContextWindow(budget, null, 0, List.of(), 0);
    }

    /**
     * The window {@link #add adding} each turn of {@code history} in turn would give, built in one pass: the kept turns
     * are the history from {@code compacted} on, and their tokens a running sum, so a long history costs no more than
     * its length.
     */
    static ContextWindow of(List<TurnText> history, int budget) {
        int compacted = 0;
        long keptTokens = 0;
        Summary summary = null;
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
                summary = Summary.of(summary, compacted, oldest);
                summaryTokens = summary.tokens();
            }
            compactions++;
        }
        return new ContextWindow(budget, summary, compacted, history.subList(compacted, history.size()), compactions);
    }

    /** The window once {@code turn} has been added, compacted when it no longer fits. */
    ContextWindow add(TurnText turn) {
        List<TurnText> kept = new ArrayList<>(turns);
        kept.add(turn);
        ContextWindow grown = new ContextWindow(budget, summary, compacted, kept, compactions);
        if (grown.tokens() <= budget || kept.size() == 1) {
            return grown;
        }
        Summary folded = summary;
        int count = compacted;
        while (kept.size() > 1 && tokens(folded, kept) > budget / 2) {
            folded = Summary.of(folded, count + 1, kept.removeFirst());
            count++;
        }
        return new ContextWindow(budget, folded, count, kept, compactions + 1);
    }

    /** The newest turn kept verbatim, or {@code null} when the window is empty. */
    TurnText newest() {
        return turns.isEmpty() ? null : turns.getLast();
    }

    /** The estimated tokens the window holds: the summary's and every kept turn's. */
    long tokens() {
        return tokens(summary, turns);
    }

    ContextUsage usage() {
        long tokens = tokens();
        double percent = Math.min(100.0, Math.round(1000.0 * tokens / budget) / 10.0);
        return new ContextUsage(tokens, compacted + turns.size(), compactions, percent);
    }

    private static long tokens(Summary summary, List<TurnText> turns) {
        long tokens = summary == null ? 0 : summary.tokens();
        for (TurnText turn : turns) {
            tokens += turn.tokens();
        }
        return tokens;
    }
}
