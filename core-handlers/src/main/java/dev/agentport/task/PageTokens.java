package dev.agentport.task;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;

/**
 * Page tokens that name the last task of a page by its position in the listing order (status time, then id), so that
 * a page follows on from the previous one however many tasks were written in between.
 */
final class PageTokens {

    /** A position in the listing order: newest status time first, then ids in ascending order. */
    record Position(Instant time, String id) implements Comparable<Position> {
        Position {
            time = time.truncatedTo(ChronoUnit.MILLIS);
        }

        @Override
        public int compareTo(Position other) {
            int byTime = other.time.compareTo(time);
            return byTime != 0 ? byTime : id.compareTo(other.id);
        }
    }

    private PageTokens() {
    }

    static String encode(Position position) {
        String raw = position.time().toEpochMilli() + ":" + position.id();
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    static Position decode(String token) {
        try {
            String raw = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
            int colon = raw.indexOf(':');
            return new Position(Instant.ofEpochMilli(Long.parseLong(raw.substring(0, colon))),
                    raw.substring(colon + 1));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("pageToken is not a token this server issued");
        }
    }
}
