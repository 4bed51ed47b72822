package dev.agentport.lambdalocal;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Optional;

/**
 * Finds the end of a streamed response's JSON prelude: the first run of 8 NUL bytes, which may be split across
 * chunks. Feed it chunks until it returns the split; everything after the 8 NULs is the start of the body.
 */
public final class PreludeSplitter {

    /** The delimiter length: exactly 8 NUL bytes separate the prelude from the body. */
    public static final int DELIMITER_LENGTH = 8;

    /** Longest prelude accepted; API Gateway requires the metadata within the first 16 KB. */
    public static final int MAX_PRELUDE_BYTES = 16 * 1024;

    private final ByteArrayOutputStream seen = new ByteArrayOutputStream();

    /** The prelude and the body bytes that came with it. */
    public record Split(byte[] prelude, byte[] bodyStart) {
    }

    /**
     * Adds a chunk; returns the split as soon as the delimiter has been seen.
     *
     * @throws MalformedResponseException when {@link #MAX_PRELUDE_BYTES} pass without a delimiter
     */
    public Optional<Split> feed(byte[] chunk) throws MalformedResponseException {
        seen.writeBytes(chunk);
        byte[] all = seen.toByteArray();
        int zeros = 0;
        for (int i = 0; i < all.length; i++) {
            zeros = all[i] == 0 ? zeros + 1 : 0;
            if (zeros == DELIMITER_LENGTH) {
                return Optional.of(new Split(Arrays.copyOfRange(all, 0, i + 1 - DELIMITER_LENGTH),
                        Arrays.copyOfRange(all, i + 1, all.length)));
            }
        }
        if (all.length > MAX_PRELUDE_BYTES) {
            throw new MalformedResponseException("no prelude delimiter (8 NUL bytes) in the first "
                    + MAX_PRELUDE_BYTES + " bytes of the streamed response");
        }
        return Optional.empty();
    }
}
