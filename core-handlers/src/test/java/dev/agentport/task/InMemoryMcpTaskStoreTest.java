package dev.agentport.task;

import dev.agentport.testing.MovableClock;

import java.time.Duration;

class InMemoryMcpTaskStoreTest extends McpTaskStoreContract {

    private final MovableClock clock = new MovableClock();

    @Override
    protected McpTaskStore newStore() {
        return new InMemoryMcpTaskStore(Duration.ofDays(1));
    }

    @Override
    protected McpTaskStore newStore(Duration ttl) {
        return new InMemoryMcpTaskStore(100, ttl, clock);
    }

    @Override
    protected void pass(Duration time) {
        clock.pass(time);
    }
}
