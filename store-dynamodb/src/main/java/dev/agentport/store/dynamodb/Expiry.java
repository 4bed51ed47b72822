package dev.agentport.store.dynamodb;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * Time to live in the unit DynamoDB's TTL reads: {@code expiresAt}, whole epoch seconds, rounded up so that nothing
 * expires early. DynamoDB deletes expired items late (up to days), so every read and every conditional write treats
 * an item whose {@code expiresAt} has passed as absent.
 */
record Expiry(Duration ttl, Clock clock) {

    /** {@code expiresAt} of an item written now. */
    long expiresAt() {
        Instant end = clock.instant().plus(ttl);
        return end.getEpochSecond() + (end.getNano() > 0 ? 1 : 0);
    }

    /** The current second: an item is live while its {@code expiresAt} is greater. */
    long now() {
        return clock.instant().getEpochSecond();
    }

    boolean live(Map<String, AttributeValue> item) {
        AttributeValue expiresAt = item == null ? null : item.get(Items.EXPIRES_AT);
        return expiresAt != null && expiresAt.n() != null && Long.parseLong(expiresAt.n()) > now();
    }
}
