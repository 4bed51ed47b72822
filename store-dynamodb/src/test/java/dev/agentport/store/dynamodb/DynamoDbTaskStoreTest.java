package dev.agentport.store.dynamodb;

import dev.agentport.task.TaskStore;
import dev.agentport.task.TaskStoreContract;
import dev.agentport.testing.MovableClock;

import java.time.Duration;

/** The TaskStore contract, on DynamoDB Local. */
class DynamoDbTaskStoreTest extends TaskStoreContract {

    private final MovableClock clock = new MovableClock();

    @Override
    protected TaskStore newStore() {
        return Stores.fresh("tasks").tasks();
    }

    @Override
    protected TaskStore newStore(Duration ttl) {
        return Stores.fresh("tasks", ttl, clock).tasks();
    }

    @Override
    protected void pass(Duration time) {
        clock.pass(time);
    }
}
