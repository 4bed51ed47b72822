package dev.agentport.store.redis;

import dev.agentport.task.McpTaskStore;
import dev.agentport.task.McpTaskStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;

/** The MCP task store's contract on a real Redis server. */
class RedisMcpTaskStoreTest extends McpTaskStoreContract {

    @RegisterExtension
    static final RedisStores stores = new RedisStores();

    @Override
    protected McpTaskStore newStore() {
        return new RedisMcpTaskStore(stores.empty(), Duration.ofDays(7));
    }

    @Override
    protected McpTaskStore newStore(Duration ttl) {
        return new RedisMcpTaskStore(stores.empty(), ttl);
    }

    @Override
    protected void pass(Duration time) throws InterruptedException {
        Thread.sleep(time.toMillis());
    }
}
