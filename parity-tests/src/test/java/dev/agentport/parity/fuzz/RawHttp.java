package dev.agentport.parity.fuzz;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A client that sends a request's bytes exactly as given over a plain socket (so invalid bytes and odd framing
 * reach the server unchanged) and reads one answer, bounded by a wait for the whole exchange.
 */
public final class RawHttp {

    private final String host;
    private final int port;
    private final Duration wait;

    public RawHttp(String host, int port, Duration wait) {
        this.host = host;
        this.port = port;
        this.wait = wait;
    }

    public RawAnswer send(HostileRequest request) {
        long start = System.nanoTime();
        long deadline = start + wait.toNanos();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), (int) wait.toMillis());
            socket.setSoTimeout((int) wait.toMillis());
            OutputStream out = socket.getOutputStream();
            try {
                out.write(request.bytes());
                out.flush();
                if (request.endsSending()) {
                    socket.shutdownOutput();
                }
            } catch (IOException refusedMidway) {
                // the server may answer and close before it has read everything we send
            }
            Reader in = new Reader(socket, new BufferedInputStream(socket.getInputStream()), deadline);
            return read(in, request.method().equals("HEAD"), start);
        } catch (SocketTimeoutException e) {
            return new RawAnswer(-1, Map.of(), new byte[0], RawAnswer.Outcome.TIMED_OUT, elapsed(start));
        } catch (IOException e) {
            return new RawAnswer(-1, Map.of(), new byte[0], RawAnswer.Outcome.CLOSED, elapsed(start));
        }
    }

    private static RawAnswer read(Reader in, boolean head, long start) throws IOException {
        String statusLine;
        Map<String, List<String>> headers;
        int status;
        do {
            statusLine = in.line();
            if (statusLine == null) {
                return new RawAnswer(-1, Map.of(), new byte[0], RawAnswer.Outcome.CLOSED, elapsed(start));
            }
            String[] parts = statusLine.split(" ", 3);
            status = parts.length >= 2 && parts[0].startsWith("HTTP/") ? parseStatus(parts[1]) : -1;
            if (status < 0) {
                return new RawAnswer(-1, Map.of("status-line", List.of(statusLine)), new byte[0],
                        RawAnswer.Outcome.CUT, elapsed(start));
            }
            headers = headers(in);
            if (headers == null) {
                return new RawAnswer(status, Map.of(), new byte[0], RawAnswer.Outcome.CUT, elapsed(start));
            }
        } while (status >= 100 && status < 200);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        boolean complete;
        String encoding = first(headers, "transfer-encoding");
        String length = first(headers, "content-length");
        if (head || status == 204 || status == 304) {
            complete = true;
        } else if (encoding != null && encoding.toLowerCase(Locale.ROOT).contains("chunked")) {
            complete = in.chunked(body);
        } else if (length != null) {
            complete = in.exactly(Long.parseLong(length.strip()), body);
        } else {
            in.rest(body);
            complete = true;
        }
        return new RawAnswer(status, headers, body.toByteArray(),
                complete ? RawAnswer.Outcome.ANSWERED : RawAnswer.Outcome.CUT, elapsed(start));
    }

    private static int parseStatus(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static Map<String, List<String>> headers(Reader in) throws IOException {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String line = in.line(); ; line = in.line()) {
            if (line == null) {
                return null;
            }
            if (line.isEmpty()) {
                return headers;
            }
            int colon = line.indexOf(':');
            String name = (colon < 0 ? line : line.substring(0, colon)).strip().toLowerCase(Locale.ROOT);
            String value = colon < 0 ? "" : line.substring(colon + 1).strip();
            headers.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
        }
    }

    private static String first(Map<String, List<String>> headers, String name) {
        List<String> values = headers.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    private static long elapsed(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    /** Reads with the time left before the deadline as each read's timeout. */
    private static final class Reader {

        private final Socket socket;
        private final InputStream in;
        private final long deadline;

        Reader(Socket socket, InputStream in, long deadline) {
            this.socket = socket;
            this.in = in;
            this.deadline = deadline;
        }

        int read() throws IOException {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                throw new SocketTimeoutException("the wait is over");
            }
            socket.setSoTimeout((int) Math.max(1, left));
            try {
                return in.read();
            } catch (SocketTimeoutException e) {
                throw e;
            } catch (IOException reset) {
                return -1;
            }
        }

        /** A line without its CRLF (ISO-8859-1), or null at the end of the stream. */
        String line() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int b = read(); b != '\n'; b = read()) {
                if (b < 0) {
                    return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
                }
                if (b != '\r') {
                    line.write(b);
                }
            }
            return line.toString(StandardCharsets.ISO_8859_1);
        }

        boolean exactly(long count, ByteArrayOutputStream body) throws IOException {
            for (long i = 0; i < count; i++) {
                int b = read();
                if (b < 0) {
                    return false;
                }
                body.write(b);
            }
            return true;
        }

        boolean chunked(ByteArrayOutputStream body) throws IOException {
            while (true) {
                String size = line();
                if (size == null) {
                    return false;
                }
                long count;
                try {
                    count = Long.parseLong(size.split(";", 2)[0].strip(), 16);
                } catch (NumberFormatException e) {
                    return false;
                }
                if (count == 0) {
                    for (String trailer = line(); trailer != null && !trailer.isEmpty(); trailer = line()) {
                        // trailers are not kept
                    }
                    return true;
                }
                if (!exactly(count, body) || line() == null) {
                    return false;
                }
            }
        }

        void rest(ByteArrayOutputStream body) throws IOException {
            for (int b = read(); b >= 0; b = read()) {
                body.write(b);
            }
        }
    }
}
