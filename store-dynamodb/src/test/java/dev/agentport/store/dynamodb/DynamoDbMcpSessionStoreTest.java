package dev.agentport.store.dynamodb;

import dev.agentport.session.McpSessionStore;
import dev.agentport.session.McpSessionStoreContract;
import dev.agentport.testing.MovableClock;

import java.time.Duration;

/** The McpSessionStore contract, on DynamoDB Local. */
class DynamoDbMcpSessionStoreTest extends McpSessionStoreContract {

    private final MovableClock clock = new MovableClock();

    @Override
    protected McpSessionStore newStore() {
        return Stores.fresh("sessions").mcpSessions();
    }

    @Override
    protected McpSessionStore newStore(Duration ttl) {
        return Stores.fresh("sessions", ttl, clock).mcpSessions();
    }

    @Override
    protected void pass(Duration time) {
        clock.pass(time);
    }
}
