package dev.agentport.store.redis;

import dev.agentport.a2a.A2aTask;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Comparator;

/**
 * Page tokens naming the last task of a page by its place in the listing order: newest status time (to the
 * millisecond) first, then ids in ascending order. A page follows on from the previous one however many tasks were
 * written in between.
 */
record RedisPageToken(long millis, String id) {

    static final Comparator<RedisPageToken> ORDER = Comparator.comparingLong(RedisPageToken::millis).reversed()
            .thenComparing(RedisPageToken::id);

    static RedisPageToken of(A2aTask task) {
        return new RedisPageToken(task.status().timestamp().toEpochMilli(), task.id());
    }

    /** The sorted-set score that keeps this order, ascending: equal scores sort by id. */
    String score() {
        return Long.toString(-millis);
    }

    String encode() {
        String raw = millis + ":" + id;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    static RedisPageToken decode(String token) {
        try {
            String raw = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
            int colon = raw.indexOf(':');
            return new RedisPageToken(Long.parseLong(raw.substring(0, colon)), raw.substring(colon + 1));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("pageToken is not a token this server issued");
        }
    }
}
