package dev.agentport.store.dynamodb;

import dev.agentport.session.SessionStore;
import dev.agentport.session.SessionStoreContract;
import dev.agentport.testing.MovableClock;

import java.time.Duration;

/** The SessionStore contract, on DynamoDB Local. */
class DynamoDbSessionStoreTest extends SessionStoreContract {

    private final MovableClock clock = new MovableClock();

    @Override
    protected SessionStore newStore() {
        return Stores.fresh("sessions").sessions();
    }

    @Override
    protected SessionStore newStore(Duration ttl) {
        return Stores.fresh("sessions", ttl, clock).sessions();
    }

    @Override
    protected void pass(Duration time) {
        clock.pass(time);
    }
}
