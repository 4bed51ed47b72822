package dev.agentport.store.dynamodb;

import dev.agentport.store.StateStores;

import java.time.Clock;
import java.time.Duration;

/** Stores over a new table of DynamoDB Local, for one test. */
final class Stores {

    private Stores() {
    }

    static StateStores fresh(String prefix, Duration ttl, Clock clock) {
        return DynamoDbStateStores.open(LocalDynamoDb.client(), LocalDynamoDb.newTable(prefix), ttl, clock);
    }

    static StateStores fresh(String prefix) {
        return fresh(prefix, Duration.ofDays(7), Clock.systemUTC());
    }
}
