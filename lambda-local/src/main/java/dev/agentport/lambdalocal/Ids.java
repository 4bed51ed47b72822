package dev.agentport.lambdalocal;

import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;

/** Identifiers in the shapes AWS uses: API Gateway request ids and X-Ray trace ids. */
final class Ids {

    private static final SecureRandom RANDOM = new SecureRandom();

    private Ids() {
    }

    /** Like API Gateway's {@code requestContext.requestId}, e.g. {@code JKJaXmPLvHcESHA=}. */
    static String apiRequestId() {
        byte[] bytes = new byte[10];
        RANDOM.nextBytes(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    /** An X-Ray trace root, {@code Root=1-<epoch seconds in hex>-<24 hex digits>}. */
    static String traceRoot(Instant now) {
        return "Root=1-" + Long.toHexString(now.getEpochSecond()) + "-" + hex(12);
    }

    static String hex(int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}
