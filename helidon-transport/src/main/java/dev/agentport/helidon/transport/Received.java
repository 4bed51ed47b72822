package dev.agentport.helidon.transport;

import io.helidon.common.buffers.BufferData;
import io.helidon.common.buffers.DataReader;

/**
 * What a connection has received and not read yet. When the rest of a request is already here, reading it cannot wait
 * for the client, and no deadline needs to bound it: most requests arrive in one segment, so most need none. Only
 * looks: never reads from the socket, never consumes a byte.
 */
final class Received {

    private static final int CR = '\r';
    private static final int LF = '\n';

    private Received() {
    }

    /**
     * Whether the header block that follows a request line is all here: an empty line at the start (no headers), or
     * one after a header line. A block of bare LFs counts as not here, so it keeps its deadline.
     */
    static boolean headerBlock(DataReader reader) {
        int available = reader.available();
        if (available < 2) {
            return false;
        }
        BufferData bytes = reader.getBuffer(available);
        if (bytes.get(0) == CR && bytes.get(1) == LF) {
            return true;
        }
        for (int i = 3; i < available; i++) {
            if (bytes.get(i) == LF && bytes.get(i - 1) == CR && bytes.get(i - 2) == LF && bytes.get(i - 3) == CR) {
                return true;
            }
        }
        return false;
    }

    /** Whether at least {@code bytes} bytes are here. */
    static boolean atLeast(DataReader reader, long bytes) {
        return reader.available() >= bytes;
    }
}
