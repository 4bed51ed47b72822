import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The client of benchmarks/sigterm-under-load.sh: CONNECTIONS keep-alive connections send POST /invoke (and every
 * eighth one a short POST /stream) one after another until the server is gone, and every attempt is counted as one of:
 * <ul>
 *   <li>{@code complete}: a whole answer (the full Content-Length body, or a chunked body up to its last chunk), by
 *       status;</li>
 *   <li>{@code cut}: an answer that began but did not end (must be 0);</li>
 *   <li>{@code refused}: the connection could not be opened (the listener has closed);</li>
 *   <li>{@code closed-unanswered}: the request was written on a connection the server then closed without a byte of
 *       answer (a keep-alive connection closed while the request was on its way: never accepted).</li>
 * </ul>
 * Usage: {@code java benchmarks/SigtermUnderLoad.java PORT CONNECTIONS SECONDS}; prints one "name count" per line.
 */
public final class SigtermUnderLoad {

    private static final byte[] INVOKE = request("/invoke", "{\"input\":\"hello\"}");
    private static final byte[] STREAM = request("/stream", "{\"input\":\"one two three four five\"}");
    private static final ConcurrentHashMap<String, AtomicLong> COUNTS = new ConcurrentHashMap<>();

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        int connections = Integer.parseInt(args[1]);
        long end = System.nanoTime() + Long.parseLong(args[2]) * 1_000_000_000L;
        Thread[] clients = new Thread[connections];
        for (int i = 0; i < connections; i++) {
            byte[] request = i % 8 == 7 ? STREAM : INVOKE;
            clients[i] = Thread.ofVirtual().start(() -> client(port, request, end));
        }
        for (Thread client : clients) {
            client.join();
        }
        COUNTS.entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
                .forEach(e -> System.out.println(e.getKey() + " " + e.getValue().get()));
    }

    /** Keeps one connection busy; opens a new one when the server closes it; stops once refused or at the end. */
    private static void client(int port, byte[] request, long end) {
        while (System.nanoTime() < end) {
            Socket socket;
            try {
                socket = new Socket("127.0.0.1", port);
                socket.setSoTimeout(30_000);
            } catch (ConnectException refused) {
                count("refused");
                return;
            } catch (IOException e) {
                count("refused");
                return;
            }
            try (socket) {
                InputStream in = new java.io.BufferedInputStream(socket.getInputStream());
                OutputStream out = socket.getOutputStream();
                while (System.nanoTime() < end) {
                    try {
                        out.write(request);
                        out.flush();
                    } catch (IOException e) {
                        count("closed-unanswered");
                        break;
                    }
                    String outcome = answer(in);
                    count(outcome);
                    if (!outcome.startsWith("complete")) {
                        break;
                    }
                    if (outcome.endsWith("close")) {
                        break;
                    }
                }
            } catch (IOException ignored) {
                // closing
            }
        }
    }

    /** "complete STATUS" (with " close" when the server said Connection: close), "cut" or "closed-unanswered". */
    private static String answer(InputStream in) {
        String head;
        try {
            head = line(in, true);
            if (head == null) {
                return "closed-unanswered";
            }
            StringBuilder all = new StringBuilder(head).append("\r\n");
            for (String header = line(in, false); header != null && !header.isEmpty(); header = line(in, false)) {
                all.append(header.toLowerCase(java.util.Locale.ROOT)).append("\r\n");
            }
            String headers = all.toString();
            int length = headers.indexOf("\r\ncontent-length:");
            if (length >= 0) {
                int value = Integer.parseInt(headers.substring(length + 17, headers.indexOf("\r\n", length + 2)).strip());
                if (in.readNBytes(value).length < value) {
                    return "cut";
                }
            } else if (headers.contains("\r\ntransfer-encoding: chunked")) {
                while (true) {
                    String size = line(in, false);
                    int bytes = Integer.parseInt(size.strip(), 16);
                    if (in.readNBytes(bytes + 2).length < bytes + 2) {
                        return "cut";
                    }
                    if (bytes == 0) {
                        break;
                    }
                }
            }
            return "complete " + head.substring(9, 12) + (headers.contains("\r\nconnection: close") ? " close" : "");
        } catch (IOException | RuntimeException e) {
            return "cut";
        }
    }

    /**
     * One line without its CRLF; null when the connection ends before its first byte and {@code first} says that is
     * a clean end; an IOException when it ends in the middle.
     */
    private static String line(InputStream in, boolean first) throws IOException {
        StringBuilder line = new StringBuilder();
        while (true) {
            int next;
            try {
                next = in.read();
            } catch (IOException e) {
                if (first && line.isEmpty()) {
                    return null;
                }
                throw e;
            }
            if (next < 0) {
                if (first && line.isEmpty()) {
                    return null;
                }
                throw new IOException("the connection ended in the middle of a line");
            }
            if (next == '\n') {
                return line.toString();
            }
            if (next != '\r') {
                line.append((char) next);
            }
        }
    }

    private static void count(String outcome) {
        COUNTS.computeIfAbsent(outcome.replace(' ', '-'), k -> new AtomicLong()).incrementAndGet();
    }

    private static byte[] request(String path, String json) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        return ("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
                + body.length + "\r\n\r\n" + json).getBytes(StandardCharsets.UTF_8);
    }
}
