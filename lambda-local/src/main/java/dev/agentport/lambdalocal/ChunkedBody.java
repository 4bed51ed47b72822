package dev.agentport.lambdalocal;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

/**
 * A chunked request body (HTTP/1.1 {@code Transfer-Encoding: chunked}). Each read returns at most the rest of the
 * current chunk, so a reader sees every chunk as soon as it arrives. After the last chunk, {@link #trailers()} holds
 * the trailer fields: the streaming Runtime API reports mid-stream errors there, which is why this exists at all
 * (neither Helidon's server nor the JDK's accepts request trailers).
 */
final class ChunkedBody extends InputStream {

    private final InputStream in;
    private long remainingInChunk;
    private boolean ended;
    private Map<String, String> trailers = Map.of();

    ChunkedBody(InputStream in) {
        this.in = in;
    }

    /** Trailer fields, names lower-cased; empty until the body has been read to its end. */
    Map<String, String> trailers() {
        return trailers;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) == -1 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (ended) {
            return -1;
        }
        if (remainingInChunk == 0) {
            remainingInChunk = nextChunkSize();
            if (remainingInChunk == 0) {
                ended = true;
                trailers = WireRequest.readFields(in);
                return -1;
            }
        }
        int read = in.read(buffer, offset, (int) Math.min(length, remainingInChunk));
        if (read == -1) {
            throw new EOFException("connection closed in the middle of a chunk");
        }
        remainingInChunk -= read;
        if (remainingInChunk == 0) {
            String end = WireRequest.readLine(in, false);
            if (!end.isEmpty()) {
                throw new WireRequest.MalformedRequestException("chunk not followed by CRLF");
            }
        }
        return read;
    }

    private long nextChunkSize() throws IOException {
        String line = WireRequest.readLine(in, false);
        String size = line.split(";", 2)[0].strip();
        try {
            long parsed = Long.parseLong(size, 16);
            if (parsed < 0) {
                throw new NumberFormatException(size);
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new WireRequest.MalformedRequestException("bad chunk size: " + line);
        }
    }
}
