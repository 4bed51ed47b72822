package dev.agentport.store.redis;

import dev.agentport.session.McpReplies;
import dev.agentport.session.McpRepliesContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The MCP replies' contract on a real Redis server; another instance is another connection pool to it. */
class RedisMcpRepliesTest extends McpRepliesContract {

    @RegisterExtension
    static final RedisStores stores = new RedisStores();

    private final List<RedisConnection> others = new ArrayList<>();

    @AfterEach
    void closeOthers() {
        others.forEach(RedisConnection::close);
    }

    @Override
    protected McpReplies newReplies() {
        return new RedisMcpReplies(stores.empty(), Duration.ofDays(7));
    }

    @Override
    protected McpReplies sibling(McpReplies replies) {
        RedisConnection other = stores.connect();
        others.add(other);
        return new RedisMcpReplies(other, Duration.ofDays(7));
    }
}
