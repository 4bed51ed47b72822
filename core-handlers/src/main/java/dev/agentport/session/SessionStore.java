package dev.agentport.session;

import dev.agentport.agent.Turn;

import java.util.List;
import java.util.Optional;

/**
 * Where sessions (conversation history) and paused runs live. The in-memory store is the default; a durable store
 * (Redis, DynamoDB, Firestore, a database) implements this interface so that every replica and every cold start sees
 * the same threads. Implementations must be thread-safe.
 */
public interface SessionStore {

    /** Earlier turns of a session, oldest first; empty for an unknown session. */
    List<Turn> history(String sessionId);

    /** Adds a finished turn to a session, creating the session when needed. */
    void append(String sessionId, Turn turn);

    /** Whether the session has any turn or a paused run. */
    boolean exists(String sessionId);

    /** Keeps a paused run until it is resumed, replacing an earlier paused run of the same thread. */
    void savePaused(PausedRun run);

    /**
     * Removes and returns the paused run of a thread, atomically, so that two concurrent resumes cannot both continue
     * it. Put it back with {@link #savePaused} if the resume fails.
     */
    Optional<PausedRun> takePaused(String threadId);
}
