package dev.agentport.lambdalocal;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One HTTP/1.1 request read off a Runtime API connection: request line, headers (names lower-cased) and a body stream
 * that ends where the request ends (Content-Length or chunked, with trailers).
 */
record WireRequest(String method, String path, String version, Map<String, String> headers, InputStream body) {

    private static final int MAX_LINE = 16 * 1024;
    private static final int MAX_HEADERS = 100;

    Optional<String> header(String lowerCaseName) {
        return Optional.ofNullable(headers.get(lowerCaseName));
    }

    /** True when the client asked to keep the connection open (the HTTP/1.1 default). */
    boolean keepAlive() {
        String connection = headers.getOrDefault("connection", "").toLowerCase(Locale.ROOT);
        return version.equals("HTTP/1.1") ? !connection.contains("close") : connection.contains("keep-alive");
    }

    /** The trailers of a chunked body, once the body has been read to its end; empty otherwise. */
    Map<String, String> trailers() {
        return body instanceof ChunkedBody chunked ? chunked.trailers() : Map.of();
    }

    /** Reads the next request; empty when the peer closed the connection between requests. */
    static Optional<WireRequest> read(InputStream in) throws IOException {
        String requestLine = readLine(in, true);
        if (requestLine == null) {
            return Optional.empty();
        }
        String[] parts = requestLine.split(" ");
        if (parts.length != 3 || !parts[2].startsWith("HTTP/1.")) {
            throw new MalformedRequestException("bad request line: " + requestLine);
        }
        Map<String, String> headers = readFields(in);
        String target = parts[1];
        int query = target.indexOf('?');
        String path = query < 0 ? target : target.substring(0, query);
        return Optional.of(new WireRequest(parts[0], path, parts[2], headers, body(in, headers)));
    }

    private static InputStream body(InputStream in, Map<String, String> headers) {
        String transferEncoding = headers.getOrDefault("transfer-encoding", "").toLowerCase(Locale.ROOT);
        if (transferEncoding.contains("chunked")) {
            return new ChunkedBody(in);
        }
        String contentLength = headers.get("content-length");
        if (contentLength == null) {
            return InputStream.nullInputStream();
        }
        try {
            return new FixedLengthBody(in, Long.parseLong(contentLength.strip()));
        } catch (NumberFormatException e) {
            throw new MalformedRequestException("bad content-length: " + contentLength);
        }
    }

    /** Header or trailer lines up to the empty line; repeated names are joined with ",". */
    static Map<String, String> readFields(InputStream in) throws IOException {
        Map<String, String> fields = new LinkedHashMap<>();
        String line;
        while (!(line = readLine(in, false)).isEmpty()) {
            int colon = line.indexOf(':');
            if (colon <= 0 || fields.size() >= MAX_HEADERS) {
                throw new MalformedRequestException("bad header line: " + line);
            }
            fields.merge(line.substring(0, colon).strip().toLowerCase(Locale.ROOT), line.substring(colon + 1).strip(),
                    (first, next) -> first + "," + next);
        }
        return fields;
    }

    /** A CRLF- (or LF-) terminated line; null at end of stream when {@code eofAllowed} and nothing was read. */
    static String readLine(InputStream in, boolean eofAllowed) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != '\n') {
            if (b == -1) {
                if (eofAllowed && line.size() == 0) {
                    return null;
                }
                throw new EOFException("connection closed in the middle of a line");
            }
            if (line.size() >= MAX_LINE) {
                throw new MalformedRequestException("line longer than " + MAX_LINE + " bytes");
            }
            line.write(b);
        }
        String text = line.toString(StandardCharsets.ISO_8859_1);
        return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
    }

    /** The request cannot be parsed; the connection gets a 400 and is closed. */
    static final class MalformedRequestException extends RuntimeException {
        MalformedRequestException(String message) {
            super(message);
        }
    }
}
