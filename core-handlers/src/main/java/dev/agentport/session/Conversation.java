package dev.agentport.session;

import dev.agentport.agent.Turn;
import dev.agentport.base.TailList;

import java.util.List;

/**
 * A conversation as read from a store: its turns, oldest first, and the version to append against.
 *
 * @param turns   the kept turns (a store may keep only the most recent ones)
 * @param version how many turns were ever appended; 0 for a conversation that does not exist (yet)
 */
public record Conversation(List<Turn> turns, long version) {

    public static final Conversation EMPTY = new Conversation(List.of(), 0);

    public Conversation {
        turns = turns instanceof TailList<Turn> kept ? kept : List.copyOf(turns); // immutable already
    }
}
