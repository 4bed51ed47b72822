package dev.agentport.session;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.Optional;

/**
 * Where the client's answers to the MCP server's requests (sampling, elicitation, roots) meet the tools waiting for
 * them. A tool's request goes out on the response stream of its {@code tools/call}; the client posts its JSON-RPC
 * response to {@code /mcp} as a request of its own, which may reach another thread or, behind a load balancer,
 * another instance. Ids are unique across instances, so no session is needed to match them. The rules every backend
 * keeps:
 * <ul>
 *   <li>an answer is taken only for an id someone expects: {@link #deliver} is false otherwise;</li>
 *   <li>one answer per wait: of concurrent delivers of one id, on any instance, one wins;</li>
 *   <li>one wait per id: once {@link #await} or {@link #forget} closed it, a later answer is refused;</li>
 *   <li>a wait nobody closes (its instance stopped) expires after the store's time to live.</li>
 * </ul>
 * The face takes the replies of the server's state stores ({@code AGENT_STATE_STORE}). Implementations must be
 * thread-safe.
 */
public interface McpReplies {

    /** Opens a wait for the answer to the request {@code id}, before the request is sent. */
    void expect(String id);

    /** Hands over the client's JSON-RPC response (with {@code result} or {@code error}); false when no one waits. */
    boolean deliver(String id, JsonNode response);

    /**
     * Waits up to {@code timeout} for the answer to {@code id}, then closes the wait; empty when none came in time.
     * Throws {@link InterruptedException} when the waiting run is cancelled.
     */
    Optional<JsonNode> await(String id, Duration timeout) throws InterruptedException;

    /** Closes the wait for {@code id} without an answer (the call ended); a later answer is not delivered. */
    void forget(String id);
}
