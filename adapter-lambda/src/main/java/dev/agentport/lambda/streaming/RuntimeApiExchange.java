package dev.agentport.lambda.streaming;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One HTTP/1.1 request and its reply over a socket of its own: the plain client this runtime needs for the Lambda
 * Runtime API, which is unencrypted HTTP on the environment's loopback. (The JDK's {@code HttpClient} would do, but
 * building one loads about 900 classes, its TLS set-up included, on every cold start.)
 *
 * <p>The request body goes out whole ({@link #body}, with a {@code Content-Length} header) or in chunks
 * ({@link #chunk}, then {@link #lastChunk}, with {@code Transfer-Encoding: chunked}); each write is flushed at once.
 * Closing the exchange before the last chunk aborts the request, which the Runtime API records as a failed response.
 * The reply's body is read by its length, in chunks, or to the end of the connection.
 */
final class RuntimeApiExchange implements Closeable {

    /** The longest status or header line read; the Runtime API's are short. */
    private static final int MAX_LINE = 64 * 1024;
    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] LAST_CHUNK = "0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);

    /** A reply: its status, its headers by lower-case name (the last of repeated ones), its body. */
    record Reply(int status, Map<String, String> headers, byte[] body) {

        /** A header's value by case-insensitive name, or null. */
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private final Socket socket;
    private final BufferedInputStream in;
    private final OutputStream out;

    private RuntimeApiExchange(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream());
        this.out = new BufferedOutputStream(socket.getOutputStream());
    }

    /** Connects to {@code host:port}. */
    static RuntimeApiExchange open(String host, int port) throws IOException {
        Socket socket = new Socket(host, port);
        try {
            socket.setTcpNoDelay(true); // each chunk is a frame the caller is waiting for
            return new RuntimeApiExchange(socket);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    /**
     * Sends the request line and headers.
     *
     * @param host    the {@code Host} header's value
     * @param headers whole header lines, e.g. {@code "Content-Type: application/json"}
     */
    void head(String method, String target, String host, String... headers) throws IOException {
        StringBuilder head = new StringBuilder(256)
                .append(method).append(' ').append(target).append(" HTTP/1.1\r\n")
                .append("Host: ").append(host).append("\r\n");
        for (String header : headers) {
            head.append(header).append("\r\n");
        }
        head.append("\r\n");
        out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** Sends a whole body, whose length the head announced. */
    void body(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** Sends one chunk of a chunked body; an empty one would end the body, so it sends nothing. */
    void chunk(byte[] bytes) throws IOException {
        if (bytes.length == 0) {
            return;
        }
        out.write((Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        out.write(bytes);
        out.write(CRLF);
        out.flush();
    }

    /** Ends a chunked body, with no trailers. */
    void lastChunk() throws IOException {
        out.write(LAST_CHUNK);
        out.flush();
    }

    /**
     * Waits up to {@code timeoutMillis} for the reply to begin; true once a byte of it, or the end of the connection,
     * is there. Nothing is consumed.
     */
    boolean awaitReply(int timeoutMillis) throws IOException {
        socket.setSoTimeout(timeoutMillis);
        try {
            in.mark(1);
            in.read();
            in.reset();
            return true;
        } catch (SocketTimeoutException notYet) {
            return false;
        } finally {
            try {
                socket.setSoTimeout(0);
            } catch (SocketException closed) {
                // closed meanwhile: the next read says so
            }
        }
    }

    /** Reads the reply: status line, headers, body. */
    Reply reply() throws IOException {
        String statusLine = line();
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP/1.1 reply: " + statusLine);
        }
        int status;
        try {
            status = Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new IOException("not an HTTP status: " + statusLine);
        }
        Map<String, String> headers = headers();
        byte[] body;
        String length = headers.get("content-length");
        if ("chunked".equalsIgnoreCase(headers.getOrDefault("transfer-encoding", "").strip())) {
            body = chunkedBody();
        } else if (length != null) {
            body = in.readNBytes(contentLength(length));
        } else {
            body = in.readAllBytes();
        }
        return new Reply(status, headers, body);
    }

    /** Closes the connection; before {@link #lastChunk} this aborts the request. */
    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    private Map<String, String> headers() throws IOException {
        Map<String, String> headers = new TreeMap<>();
        for (String line = line(); !line.isEmpty(); line = line()) {
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new IOException("not an HTTP header: " + line);
            }
            headers.put(line.substring(0, colon).strip().toLowerCase(Locale.ROOT), line.substring(colon + 1).strip());
        }
        return headers;
    }

    private byte[] chunkedBody() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = line();
            int extension = sizeLine.indexOf(';');
            int size;
            try {
                size = Integer.parseInt((extension < 0 ? sizeLine : sizeLine.substring(0, extension)).strip(), 16);
            } catch (NumberFormatException e) {
                throw new IOException("not a chunk size: " + sizeLine);
            }
            if (size == 0) {
                headers(); // trailers, if any: none of them matters here
                return body.toByteArray();
            }
            byte[] chunk = in.readNBytes(size);
            if (chunk.length < size) {
                throw new EOFException("the reply ended inside a chunk");
            }
            body.write(chunk);
            if (!line().isEmpty()) {
                throw new IOException("a chunk longer than its size");
            }
        }
    }

    private static int contentLength(String value) throws IOException {
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new IOException("not a Content-Length: " + value);
        }
    }

    /** One line without its CRLF (a bare LF is taken too), in ISO-8859-1. */
    private String line() throws IOException {
        StringBuilder line = new StringBuilder(64);
        while (true) {
            int b = in.read();
            if (b == -1) {
                throw new EOFException("the Runtime API closed the connection before its reply was complete");
            }
            if (b == '\n') {
                int end = line.length();
                return end > 0 && line.charAt(end - 1) == '\r' ? line.substring(0, end - 1) : line.toString();
            }
            if (line.length() >= MAX_LINE) {
                throw new IOException("a reply line longer than " + MAX_LINE + " bytes");
            }
            line.append((char) b);
        }
    }
}
