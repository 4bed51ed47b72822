package dev.agentport.lambda.streaming;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.AgentPort;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.priming.PrimingRequests;
import dev.agentport.priming.PrimingRun;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * The streaming zip's part of the build's training run: the real {@link StreamingBootstrap} loop, with its Runtime API
 * client, serves the priming requests through a Runtime API on loopback, so that the classes of the loop are in the
 * zip's class data too (loaded and linked, with profiles, in the AOT cache), not only those of the core.
 *
 * <p>The Runtime API here is the least the loop needs: one connection at a time, as the loop opens them
 * ({@code GET /invocation/next}, then {@code POST /invocation/{id}/response} or {@code /error}). After the last request
 * it answers {@code /invocation/next} with 410, which ends the loop (the loop logs that as an error: the training
 * log shows that line once).
 */
public final class StreamingTraining {

    private static final int TIMEOUT_MILLIS = 60_000;
    private static final String REQUEST_ID = "training";

    private static final List<Closeable> HELD = new CopyOnWriteArrayList<>();

    private final ServerSocket server;

    private StreamingTraining(ServerSocket server) {
        this.server = server;
    }

    /**
     * @param core   the core the loop serves (the build's throwaway one)
     * @param events the Lambda event that carries a request, as a Function URL sends it
     * @return the status of every answer, in order
     */
    public static List<Integer> run(AgentPort core, Function<HttpRequest, byte[]> events) {
        try (ServerSocket server = new ServerSocket(0, 4, InetAddress.getLoopbackAddress())) {
            RuntimeApi client = new RuntimeApi("127.0.0.1:" + server.getLocalPort());
            return serve(server, "streaming-loop", () -> new StreamingBootstrap(client, core).run(), true, core,
                    events);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A runtime's loop over the Runtime API, run on a thread of its own until the API's 410 ends it. */
    @FunctionalInterface
    public interface Loop {
        void run() throws Exception;
    }

    /**
     * Serves the priming requests to {@code loop}, a runtime already pointed at {@code server}'s address, then either
     * ends it with 410, or leaves it waiting for a next invocation that never comes, its connection and
     * {@code server} held open until the process ends (the runtime interface client's native part crashes the JVM
     * on a 410 or a closed connection). A loop that stops by throwing logs one line.
     *
     * @return the status of every answer, in order
     */
    public static List<Integer> serve(ServerSocket server, String loopName, Loop loop, boolean endWith410,
                                      AgentPort core, Function<HttpRequest, byte[]> events) {
        try {
            server.setSoTimeout(TIMEOUT_MILLIS);
            StreamingTraining api = new StreamingTraining(server);
            Thread thread = Thread.ofPlatform().name(loopName).start(() -> {
                try {
                    loop.run();
                } catch (Exception e) {
                    System.err.println("training: " + loopName + " stopped: " + e);
                }
            });
            List<Integer> statuses = PrimingRun.run(PrimingRequests.forFaces(core.faces(), core.config()),
                    request -> api.invoke(events.apply(request)));
            if (!endWith410) {
                api.holdLoop();
                return statuses;
            }
            api.endLoop();
            thread.join(TIMEOUT_MILLIS);
            if (thread.isAlive()) {
                throw new IllegalStateException("the " + loopName + " went on after the Runtime API's last answer");
            }
            return statuses;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Hands {@code event} to the loop's next {@code /invocation/next} and reads the answer it posts. */
    private HttpResponse invoke(byte[] event) {
        try {
            try (Socket next = server.accept()) {
                Request asked = Request.read(next);
                asked.expect("GET", "/invocation/next");
                reply(next, "200 OK", "Lambda-Runtime-Aws-Request-Id: " + REQUEST_ID + "\r\n"
                        + "Lambda-Runtime-Deadline-Ms: " + (System.currentTimeMillis() + TIMEOUT_MILLIS) + "\r\n"
                        + "Content-Type: application/json\r\n", event);
            }
            try (Socket answer = server.accept()) {
                Request posted = Request.read(answer);
                reply(answer, "202 Accepted", "Content-Type: application/json\r\n",
                        "{\"status\":\"OK\"}".getBytes(StandardCharsets.US_ASCII));
                if (posted.target().endsWith("/invocation/" + REQUEST_ID + "/response")) {
                    return fromPrelude(posted.body());
                }
                return HttpResponse.builder(500).build(); // an invocation error
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Answers the loop's last {@code /invocation/next} with 410: the loop stops. */
    private void endLoop() throws IOException {
        try (Socket next = server.accept()) {
            Request.read(next).expect("GET", "/invocation/next");
            reply(next, "410 Gone", "", new byte[0]);
        }
    }

    /** Takes the loop's last {@code /invocation/next} and never answers it. */
    private void holdLoop() throws IOException {
        Socket next = server.accept();
        Request.read(next).expect("GET", "/invocation/next");
        HELD.add(server);
        HELD.add(next); // a socket no longer referenced is closed by its cleaner
    }

    private static HttpResponse fromPrelude(byte[] streamed) throws IOException {
        int end = 0;
        while (end < streamed.length && streamed[end] != 0) {
            end++;
        }
        JsonNode prelude = Json.parse(Arrays.copyOf(streamed, end));
        HttpResponse.Builder response = HttpResponse.builder(prelude.path("statusCode").asInt());
        prelude.path("headers").properties().forEach(header -> response.header(header.getKey(),
                header.getValue().asText()));
        return response.build();
    }

    private static void reply(Socket socket, String status, String headers, byte[] body) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(("HTTP/1.1 " + status + "\r\n" + headers + "Content-Length: " + body.length
                + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
        out.flush();
    }

    /** A request of the loop's: its method, target and body (by length, or chunked and joined). */
    private record Request(String method, String target, byte[] body) {

        static Request read(Socket socket) throws IOException {
            socket.setSoTimeout(TIMEOUT_MILLIS);
            InputStream in = new BufferedInputStream(socket.getInputStream());
            String[] requestLine = line(in).split(" ");
            int length = 0;
            boolean chunked = false;
            for (String header = line(in); !header.isEmpty(); header = line(in)) {
                String lower = header.toLowerCase(Locale.ROOT);
                if (lower.startsWith("content-length:")) {
                    length = Integer.parseInt(lower.substring("content-length:".length()).strip());
                } else if (lower.startsWith("transfer-encoding:")) {
                    chunked = lower.contains("chunked");
                }
            }
            byte[] body = chunked ? chunks(in) : in.readNBytes(length);
            return new Request(requestLine[0], requestLine[1], body);
        }

        void expect(String method, String path) throws IOException {
            if (!method.equals(this.method) || !target.endsWith(path)) {
                throw new IOException("the loop sent " + this.method + " " + target + ", not " + method + " " + path);
            }
        }

        private static byte[] chunks(InputStream in) throws IOException {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            for (int size = Integer.parseInt(line(in).strip(), 16); size > 0;
                 size = Integer.parseInt(line(in).strip(), 16)) {
                body.write(in.readNBytes(size));
                line(in);
            }
            line(in); // the empty line after the last chunk: no trailers
            return body.toByteArray();
        }

        private static String line(InputStream in) throws IOException {
            StringBuilder line = new StringBuilder();
            for (int b = in.read(); b != '\n'; b = in.read()) {
                if (b < 0) {
                    throw new IOException("the loop closed the connection mid-request");
                }
                if (b != '\r') {
                    line.append((char) b);
                }
            }
            return line.toString();
        }
    }
}
