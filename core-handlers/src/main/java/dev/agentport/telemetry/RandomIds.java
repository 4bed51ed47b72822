package dev.agentport.telemetry;

import dev.agentport.base.IdBytes;

/**
 * Unguessable ids in lower-case hex, cut from blocks of SecureRandom bytes ({@link IdBytes}: unique per instance
 * restored from a SnapStart snapshot, and no lock taken per id).
 */
final class RandomIds {

    private RandomIds() {
    }

    /** 32 hex digits, like a W3C trace id. */
    static String traceId() {
        return IdBytes.hex(16);
    }

    /** 16 hex digits: unique enough to tell one request from another in a log. */
    static String requestId() {
        return IdBytes.hex(8);
    }

    /** A trace id and a request id from one slice. */
    static String[] traceAndRequestId() {
        return IdBytes.hexPair(16, 8);
    }
}
