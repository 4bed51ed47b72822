package dev.agentport.session;

import dev.agentport.agent.Turn;

import java.util.List;
import java.util.Optional;

/**
 * Where conversations and paused runs live, shaped so that a durable backend (DynamoDB, Redis, a database) can give
 * every instance the same view with conditional writes only:
 * <ul>
 *   <li>a conversation is read with a version and appended to only against that version, so two concurrent turns of
 *       one conversation can never overwrite each other (the loser reads again and retries);</li>
 *   <li>a paused run is kept under its run id and claimed exactly once (a conditional delete), so that two replies
 *       racing to continue it cannot both win;</li>
 *   <li>everything expires after the store's time to live since its last write.</li>
 * </ul>
 * The backend {@code AGENT_STATE_STORE} names provides it (in memory by default). Implementations must be thread-safe.
 */
public interface SessionStore {

    /** A conversation's kept turns and its version; {@link Conversation#EMPTY} when unknown or expired. */
    Conversation conversation(String sessionId);

    /**
     * Appends a turn if the conversation's version is still {@code expectedVersion}, creating the conversation when
     * the expected version is 0. Returns false, and changes nothing, when another turn was appended first.
     */
    boolean append(String sessionId, long expectedVersion, Turn turn);

    /** Whether the conversation has a turn or a paused run. */
    boolean exists(String sessionId);

    /** Keeps a paused run under its run id, replacing one of the same id. */
    void savePaused(PausedRun run);

    /**
     * Removes and returns a paused run, atomically: of any number of concurrent claims, on any instance, exactly one
     * gets it. Put it back with {@link #savePaused} if continuing it fails before the agent ran.
     */
    Optional<PausedRun> claimPaused(String runId);

    /** Earlier turns of a conversation, oldest first; empty for an unknown one. */
    default List<Turn> history(String sessionId) {
        return conversation(sessionId).turns();
    }

    /**
     * Appends a turn whatever the version, retrying on conflicts: for callers that do not depend on what they read.
     * Gives up after many conflicts in a row, which only a store under a flood of writes to one conversation sees.
     */
    default void append(String sessionId, Turn turn) {
        for (int attempt = 0; attempt < 1_000; attempt++) {
            if (append(sessionId, conversation(sessionId).version(), turn)) {
                return;
            }
            Thread.onSpinWait();
        }
        throw new IllegalStateException("could not append to conversation " + sessionId
                + ": too many concurrent writers");
    }
}
