package dev.agentport.helidon;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * HTTP/1.1 over a plain socket, so a test sees the bytes on the wire: the status line, the headers, and the body as
 * sent, chunk sizes and the final zero-length chunk included.
 */
final class RawHttp {

    private static final byte[] HEAD_END = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CRLF = "\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] LAST_CHUNK = "\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private RawHttp() {
    }

    /** A POST with a JSON body; the connection stays open for the caller to read from. */
    static Socket post(int port, String path, String json) throws IOException {
        Socket socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(60_000);
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        String head = "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + body.length + "\r\n\r\n";
        socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().write(body);
        socket.getOutputStream().flush();
        return socket;
    }

    /** One request on a new connection, and its response. */
    static Response exchange(int port, String method, String path, String json) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            byte[] body = json == null ? new byte[0] : json.getBytes(StandardCharsets.UTF_8);
            String head = method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + (json == null ? "" : "Content-Type: application/json\r\nContent-Length: " + body.length + "\r\n")
                    + "\r\n";
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().write(body);
            socket.getOutputStream().flush();
            return read(socket.getInputStream());
        }
    }

    /**
     * Reads one response: a body of {@code Content-Length} bytes, or a chunked body up to its final zero-length chunk,
     * or, when the connection ends first, what arrived until then.
     */
    static Response read(InputStream in) throws IOException {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        readUntilEnd(in, received, HEAD_END);
        Response head = Response.parse(received.toByteArray());
        String length = head.header("Content-Length");
        if (length != null) {
            received.write(in.readNBytes(Integer.parseInt(length)));
        } else if ("chunked".equalsIgnoreCase(head.header("Transfer-Encoding"))) {
            readUntilEnd(in, received, LAST_CHUNK);
        } else {
            received.write(in.readAllBytes());
        }
        return Response.parse(received.toByteArray());
    }

    /**
     * Waits until the response has reached {@code marker} (a stream's first delta, say: the run is then surely under
     * way), then reads the rest of it on another thread.
     */
    static CompletableFuture<Response> readOnceUnderWay(Socket socket, String marker) throws IOException {
        InputStream in = socket.getInputStream();
        byte[] started = readUntil(in, marker);
        return CompletableFuture.supplyAsync(() -> {
            try (socket) {
                return read(new SequenceInputStream(new ByteArrayInputStream(started), in));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, task -> Thread.ofVirtual().name("raw-http-reader").start(task));
    }

    /** Reads until {@code marker} has arrived; returns what was read. */
    private static byte[] readUntil(InputStream in, String marker) throws IOException {
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        while (!seen.toString(StandardCharsets.UTF_8).contains(marker)) {
            int next = in.read();
            if (next < 0) {
                throw new IOException("the connection ended before '" + marker + "': " + seen);
            }
            seen.write(next);
        }
        return seen.toByteArray();
    }

    /** Reads into {@code out} until it ends with {@code end}, or the connection ends. */
    private static void readUntilEnd(InputStream in, ByteArrayOutputStream out, byte[] end) throws IOException {
        while (!endsWith(out.toByteArray(), end)) {
            int next = in.read();
            if (next < 0) {
                return;
            }
            out.write(next);
        }
    }

    private static boolean endsWith(byte[] bytes, byte[] end) {
        return bytes.length >= end.length
                && Arrays.equals(bytes, bytes.length - end.length, bytes.length, end, 0, end.length);
    }

    /** A response as received: {@code rawBody} is the body exactly as sent, {@code body} with chunking undone. */
    record Response(int status, Map<String, String> headers, byte[] rawBody, String body) {

        static Response parse(byte[] bytes) {
            int headEnd = indexOf(bytes, HEAD_END);
            if (headEnd < 0) {
                throw new IllegalArgumentException("no complete response head: "
                        + new String(bytes, StandardCharsets.UTF_8));
            }
            String[] lines = new String(bytes, 0, headEnd, StandardCharsets.US_ASCII).split("\r\n");
            int status = Integer.parseInt(lines[0].split(" ")[1]);
            Map<String, String> headers = new LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                headers.put(lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).strip());
            }
            byte[] raw = Arrays.copyOfRange(bytes, headEnd + HEAD_END.length, bytes.length);
            boolean chunked = "chunked".equalsIgnoreCase(headers.get("transfer-encoding"));
            return new Response(status, headers, raw, new String(chunked ? dechunk(raw) : raw, StandardCharsets.UTF_8));
        }

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        String rawBodyText() {
            return new String(rawBody, StandardCharsets.UTF_8);
        }

        /** Undoes chunked transfer coding as far as the chunks go; a truncated body decodes to what arrived. */
        private static byte[] dechunk(byte[] raw) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int at = 0;
            while (at < raw.length) {
                int lineEnd = indexOf(Arrays.copyOfRange(raw, at, raw.length), CRLF);
                if (lineEnd < 0) {
                    break;
                }
                int size = Integer.parseInt(new String(raw, at, lineEnd, StandardCharsets.US_ASCII).strip(), 16);
                at += lineEnd + 2;
                if (size == 0) {
                    break;
                }
                out.write(raw, at, Math.min(size, raw.length - at));
                at += size + 2;
            }
            return out.toByteArray();
        }
    }

    private static int indexOf(byte[] bytes, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= bytes.length; i++) {
            for (int j = 0; j < part.length; j++) {
                if (bytes[i + j] != part[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
