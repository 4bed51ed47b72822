package dev.agentport.logging;

import dev.agentport.base.IdBytes;
import io.opentelemetry.api.trace.SpanId;
import io.opentelemetry.api.trace.TraceId;
import io.opentelemetry.sdk.trace.IdGenerator;

/**
 * Trace and span ids cut from the SecureRandom bytes the request ids come from ({@link IdBytes}), not from the SDK's
 * ThreadLocalRandom: Lambda SnapStart restores many instances from one snapshot, and only SecureRandom's bytes, with
 * those drawn before the snapshot thrown away on restore, stay unique across them.
 */
final class SecureRandomIds implements IdGenerator {

    @Override
    public String generateSpanId() {
        return SpanId.fromLong(IdBytes.nonZeroLong());
    }

    @Override
    public String generateTraceId() {
        return TraceId.fromLongs(IdBytes.nonZeroLong(), IdBytes.nonZeroLong());
    }
}
