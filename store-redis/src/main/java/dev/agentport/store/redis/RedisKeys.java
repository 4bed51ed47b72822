package dev.agentport.store.redis;

/**
 * The one key layout every instance shares. Each key ends with the caller's id, after a prefix no other kind of key
 * has, so that no id can name another item's key.
 */
final class RedisKeys {

    static final String PREFIX = "agentport:";
    /** A conversation's version: how many turns were ever appended. */
    static final String CONVERSATION = PREFIX + "conv:";
    /** A conversation's kept turns, oldest first. */
    static final String TURNS = PREFIX + "turns:";
    /** A paused run, by run id. */
    static final String PAUSED = PREFIX + "paused:";
    /** The run ids of a conversation's paused runs. */
    static final String PAUSED_IN = PREFIX + "paused-in:";
    /** A task's document and version. */
    static final String TASK = PREFIX + "task:";
    /** A context's task ids, scored by status time. */
    static final String CONTEXT = PREFIX + "context:";
    /** Every task id, scored by status time. */
    static final String ALL_TASKS = PREFIX + "tasks";
    /** Every task id, scored by when it expires: what keeps {@link #ALL_TASKS} bounded. */
    static final String TASK_EXPIRY = PREFIX + "task-expiry";
    /** An MCP session, by {@code Mcp-Session-Id}. */
    static final String MCP_SESSION = PREFIX + "mcp:";
    /** An MCP task's document and version, by task id. */
    static final String MCP_TASK = PREFIX + "mcp-task:";
    /** An open wait for the client's answer to an MCP server request, by request id. */
    static final String REPLY_WAIT = PREFIX + "reply-wait:";
    /** The client's answer to an MCP server request, once delivered: a list of one, for {@code BLPOP}. */
    static final String REPLY = PREFIX + "reply:";

    private RedisKeys() {
    }
}
