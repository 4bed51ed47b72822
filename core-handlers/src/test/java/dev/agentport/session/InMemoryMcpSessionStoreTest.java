package dev.agentport.session;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

class InMemoryMcpSessionStoreTest extends McpSessionStoreContract {

    private final MovableClock clock = new MovableClock();

    @Override
    protected McpSessionStore newStore() {
        return new InMemoryMcpSessionStore(Duration.ofDays(1));
    }

    @Override
    protected McpSessionStore newStore(Duration ttl) {
        return new InMemoryMcpSessionStore(100, ttl, clock);
    }

    @Override
    protected void pass(Duration time) {
        clock.now = clock.now.plus(time);
    }

    private static final class MovableClock extends Clock {
        Instant now = Instant.now();

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
