package dev.agentport.store.redis;

import dev.agentport.task.TaskStore;
import dev.agentport.task.TaskStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;

/** The task store's contract on a real Redis server. */
class RedisTaskStoreTest extends TaskStoreContract {

    @RegisterExtension
    static final RedisStores stores = new RedisStores();

    @Override
    protected TaskStore newStore() {
        return new RedisTaskStore(stores.empty(), Duration.ofDays(7));
    }

    @Override
    protected TaskStore newStore(Duration ttl) {
        return new RedisTaskStore(stores.empty(), ttl);
    }

    @Override
    protected void pass(Duration time) throws InterruptedException {
        Thread.sleep(time.toMillis());
    }
}
