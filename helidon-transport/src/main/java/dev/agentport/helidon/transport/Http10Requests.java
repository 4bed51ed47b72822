package dev.agentport.helidon.transport;

import io.helidon.common.buffers.DataReader;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The bytes of an HTTP/1.0 connection as Helidon's HTTP/1.1 parser accepts them: each request line's
 * {@code HTTP/1.0} becomes {@code HTTP/1.1}, and a request that did not ask for {@code Connection: keep-alive} gets
 * {@code Connection: close} (HTTP/1.0's default), so the connection closes after its answer. Bodies pass unchanged;
 * a request with a body of unknown length ends the rewriting and the connection.
 */
final class Http10Requests implements Supplier<byte[]> {

    private static final int MAX_LINE = 64 * 1024;
    private static final byte[] CLOSE = "Connection: close\r\n".getBytes(StandardCharsets.US_ASCII);

    private enum Phase { REQUEST_LINE, HEADERS, BODY, PASS_THROUGH }

    private final DataReader source;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private Phase phase = Phase.REQUEST_LINE;
    private boolean keepAlive;
    private boolean unknownLength;
    private long bodyLeft;

    Http10Requests(DataReader source) {
        this.source = source;
    }

    /** The next rewritten bytes, or {@code null} when the client has closed its side. */
    @Override
    public byte[] get() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (out.size() == 0) {
            byte[] in = next();
            if (in == null) {
                return null;
            }
            rewrite(in, out);
        }
        return out.toByteArray();
    }

    private byte[] next() {
        try {
            source.ensureAvailable();
            return source.readBytes(source.available());
        } catch (DataReader.InsufficientDataAvailableException e) {
            return null;
        }
    }

    private void rewrite(byte[] in, ByteArrayOutputStream out) {
        int i = 0;
        while (i < in.length) {
            switch (phase) {
                case PASS_THROUGH -> {
                    out.write(in, i, in.length - i);
                    i = in.length;
                }
                case BODY -> {
                    int n = (int) Math.min(bodyLeft, in.length - i);
                    out.write(in, i, n);
                    i += n;
                    bodyLeft -= n;
                    if (bodyLeft == 0) {
                        phase = Phase.REQUEST_LINE;
                    }
                }
                default -> {
                    byte b = in[i++];
                    line.write(b);
                    if (b == '\n') {
                        endOfLine(out);
                    } else if (line.size() > MAX_LINE) {
                        out.writeBytes(line.toByteArray());
                        line.reset();
                        phase = Phase.PASS_THROUGH;
                    }
                }
            }
        }
    }

    private void endOfLine(ByteArrayOutputStream out) {
        String text = line.toString(StandardCharsets.ISO_8859_1);
        line.reset();
        String content = text.strip();
        if (phase == Phase.REQUEST_LINE) {
            keepAlive = false;
            unknownLength = false;
            bodyLeft = 0;
            phase = Phase.HEADERS;
            if (content.endsWith(" HTTP/1.0")) {
                text = content.substring(0, content.length() - "1.0".length()) + "1.1\r\n";
            }
            out.writeBytes(text.getBytes(StandardCharsets.ISO_8859_1));
            return;
        }
        if (content.isEmpty()) {
            if (!keepAlive || unknownLength) {
                out.writeBytes(CLOSE);
            }
            out.writeBytes(text.getBytes(StandardCharsets.ISO_8859_1));
            phase = unknownLength ? Phase.PASS_THROUGH : bodyLeft > 0 ? Phase.BODY : Phase.REQUEST_LINE;
            return;
        }
        header(content);
        out.writeBytes(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    private void header(String content) {
        int colon = content.indexOf(':');
        if (colon < 0) {
            return;
        }
        String name = content.substring(0, colon).strip().toLowerCase(Locale.ROOT);
        String value = content.substring(colon + 1).strip().toLowerCase(Locale.ROOT);
        switch (name) {
            case "connection" -> {
                for (String token : value.split(",")) {
                    keepAlive |= token.strip().equals("keep-alive");
                }
            }
            case "content-length" -> {
                try {
                    bodyLeft = Long.parseLong(value);
                    unknownLength |= bodyLeft < 0;
                } catch (NumberFormatException e) {
                    unknownLength = true;
                }
            }
            case "transfer-encoding" -> unknownLength = true;
            default -> { }
        }
    }
}
