package dev.agentport.telemetry;

import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Unguessable ids in lower-case hex. SecureRandom, not ThreadLocalRandom: Lambda SnapStart restores many instances
 * from one snapshot, and only SecureRandom is reseeded on restore, so ids stay unique across them. The non-blocking
 * native source reads {@code /dev/urandom} only, so making an id never waits for entropy.
 */
final class RandomIds {

    private static final SecureRandom RANDOM = nonBlocking();
    private static final HexFormat HEX = HexFormat.of();

    private RandomIds() {
    }

    /** 32 hex digits, like a W3C trace id. */
    static String traceId() {
        return hex(16);
    }

    /** 16 hex digits: unique enough to tell one request from another in a log. */
    static String requestId() {
        return hex(8);
    }

    /** A trace id and a request id from one draw: the source is shared, and each draw takes its lock. */
    static String[] traceAndRequestId() {
        String both = hex(24);
        return new String[] {both.substring(0, 32), both.substring(32)};
    }

    private static String hex(int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return HEX.formatHex(random);
    }

    private static SecureRandom nonBlocking() {
        try {
            return SecureRandom.getInstance("NativePRNGNonBlocking");
        } catch (NoSuchAlgorithmException notOnThisPlatform) {
            return new SecureRandom(); // Windows: its default source does not block either
        }
    }
}
