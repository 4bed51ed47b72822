package dev.agentport.store.redis;

import dev.agentport.session.McpSessionStore;
import dev.agentport.session.McpSessionStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;

/** The MCP session store's contract on a real Redis server. */
class RedisMcpSessionStoreTest extends McpSessionStoreContract {

    @RegisterExtension
    static final RedisStores stores = new RedisStores();

    @Override
    protected McpSessionStore newStore() {
        return new RedisMcpSessionStore(stores.empty(), Duration.ofDays(7));
    }

    @Override
    protected McpSessionStore newStore(Duration ttl) {
        return new RedisMcpSessionStore(stores.empty(), ttl);
    }

    @Override
    protected void pass(Duration time) throws InterruptedException {
        Thread.sleep(time.toMillis());
    }
}
