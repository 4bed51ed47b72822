package dev.agentport.logging;

import io.opentelemetry.api.trace.SpanId;
import io.opentelemetry.api.trace.TraceId;
import io.opentelemetry.sdk.trace.IdGenerator;

import java.security.SecureRandom;

/**
 * Trace and span ids from SecureRandom rather than the SDK's ThreadLocalRandom: Lambda SnapStart restores many
 * instances from one snapshot, and only SecureRandom is reseeded on restore, so ids stay unique across them.
 */
final class SecureRandomIds implements IdGenerator {

    private static final SecureRandom RANDOM = new SecureRandom();

    @Override
    public String generateSpanId() {
        long id;
        do {
            id = RANDOM.nextLong();
        } while (id == 0);
        return SpanId.fromLong(id);
    }

    @Override
    public String generateTraceId() {
        long high;
        long low;
        do {
            high = RANDOM.nextLong();
            low = RANDOM.nextLong();
        } while (high == 0 && low == 0);
        return TraceId.fromLongs(high, low);
    }
}
