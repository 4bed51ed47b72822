package dev.agentport.lambdalocal;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/** A request body of a known length (Content-Length): ends after exactly that many bytes. */
final class FixedLengthBody extends InputStream {

    private final InputStream in;
    private long remaining;

    FixedLengthBody(InputStream in, long length) {
        this.in = in;
        this.remaining = length;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) == -1 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (remaining <= 0) {
            return -1;
        }
        int read = in.read(buffer, offset, (int) Math.min(length, remaining));
        if (read == -1) {
            throw new EOFException("connection closed with " + remaining + " body bytes missing");
        }
        remaining -= read;
        return read;
    }
}
