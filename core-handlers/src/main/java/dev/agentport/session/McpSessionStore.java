package dev.agentport.session;

import java.util.Optional;

/**
 * Where MCP sessions live, shaped like the conversation store so that a durable backend can give every instance the
 * same view with conditional writes only:
 * <ul>
 *   <li>a session is created only if its id is new (a conditional put);</li>
 *   <li>a session is ended exactly once (a conditional delete): of concurrent {@code DELETE}s, on any instance, one
 *       wins, and the session is unknown everywhere afterwards;</li>
 *   <li>a session expires after the store's time to live since it began.</li>
 * </ul>
 * The face finds an implementation through {@link java.util.ServiceLoader}, else keeps sessions in memory. Implementations
 * must be thread-safe.
 */
public interface McpSessionStore {

    /** Keeps a new session; false, changing nothing, when a session of that id exists. */
    boolean create(McpSession session);

    /** The session, or empty when unknown, ended or expired. */
    Optional<McpSession> find(String id);

    /** Ends the session; true for the one caller that ended it, false when it was unknown, ended or expired. */
    boolean end(String id);
}
