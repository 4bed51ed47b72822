package dev.agentport.session;

/** The replies contract in this process's memory, where every instance is the same object. */
class InMemoryMcpRepliesTest extends McpRepliesContract {

    @Override
    protected McpReplies newReplies() {
        return new InMemoryMcpReplies();
    }

    @Override
    protected McpReplies sibling(McpReplies replies) {
        return replies;
    }
}
