package dev.agentport.store.dynamodb;

import dev.agentport.task.McpTaskStore;
import dev.agentport.task.McpTaskStoreContract;
import dev.agentport.testing.MovableClock;

import java.time.Duration;

/** The McpTaskStore contract, on DynamoDB Local. */
class DynamoDbMcpTaskStoreTest extends McpTaskStoreContract {

    private final MovableClock clock = new MovableClock();

    @Override
    protected McpTaskStore newStore() {
        return Stores.fresh("mcptasks").mcpTasks();
    }

    @Override
    protected McpTaskStore newStore(Duration ttl) {
        return Stores.fresh("mcptasks", ttl, clock).mcpTasks();
    }

    @Override
    protected void pass(Duration time) {
        clock.pass(time);
    }
}
