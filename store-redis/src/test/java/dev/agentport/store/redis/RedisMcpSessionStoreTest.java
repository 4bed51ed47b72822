package dev.agentport.store.redis;

import dev.agentport.session.McpSessionStore;
import dev.agentport.session.McpSessionStoreContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.time.Duration;

/** The MCP session store's contract on a real Redis server. */
class RedisMcpSessionStoreTest extends McpSessionStoreContract {

    private static RedisStores stores;

    @BeforeAll
    static void start() throws Exception {
        stores = RedisStores.start();
    }

    @AfterAll
    static void stop() throws Exception {
        RedisStores.close(stores);
    }

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
