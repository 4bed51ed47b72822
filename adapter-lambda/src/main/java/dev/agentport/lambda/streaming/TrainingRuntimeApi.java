package dev.agentport.lambda.streaming;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.AgentPort;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.priming.PrimingRequests;
import dev.agentport.priming.PrimingRun;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
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
import java.util.function.Function;

/**
 * The least Runtime API a runtime's loop needs, on a loopback port of its own, for the build's training runs: one
 * connection at a time, as the loops open them ({@code GET /invocation/next}, then
 * {@code POST /invocation/{id}/response} or {@code /error}). Its port is bound when it is made, so a runtime told its
 * address afterwards always finds it.
 */
public final class TrainingRuntimeApi implements Closeable {

    private static final int TIMEOUT_MILLIS = 60_000;
    private static final String REQUEST_ID = "training";

    private final ServerSocket server;

    private TrainingRuntimeApi(ServerSocket server) {
        this.server = server;
    }

    /** A Runtime API on a loopback port the system chooses, bound and listening. */
    public static TrainingRuntimeApi onLoopback() {
        try {
            ServerSocket server = new ServerSocket(0, 4, InetAddress.getLoopbackAddress());
            server.setSoTimeout(TIMEOUT_MILLIS);
            return new TrainingRuntimeApi(server);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the {@code host:port} a runtime reads from {@code AWS_LAMBDA_RUNTIME_API} */
    public String address() {
        return "127.0.0.1:" + server.getLocalPort();
    }

    /**
     * Hands the loop every priming request of {@code core}'s faces, one invocation each, and reads its answers.
     *
     * @param events the Lambda event that carries a request
     * @return the status of every answer, in order (500 for an invocation error)
     */
    public List<Integer> serve(AgentPort core, Function<HttpRequest, byte[]> events) {
        return PrimingRun.run(PrimingRequests.forFaces(core.faces(), core.config()),
                request -> invoke(events.apply(request)));
    }

    /** Answers the loop's next {@code /invocation/next} with 410: the streaming loop stops. */
    public void endWithGone() {
        try (Socket next = server.accept()) {
            Request.read(next).expect("GET", "/invocation/next");
            reply(next, "410 Gone", "", new byte[0]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Takes the loop's next {@code /invocation/next} and never answers it: the runtime interface client's native part
     * ends its JVM on a 410 or a closed connection, so the caller keeps the returned connection open until that JVM
     * has ended.
     */
    public Socket holdNext() {
        try {
            Socket next = server.accept();
            Request.read(next).expect("GET", "/invocation/next");
            return next;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
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
                    return statusOf(posted.body());
                }
                return HttpResponse.builder(500).build(); // an invocation error
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The answer's status and headers: from a streamed answer's prelude (up to its NUL bytes), or a buffered one. */
    private static HttpResponse statusOf(byte[] answer) throws IOException {
        int end = 0;
        while (end < answer.length && answer[end] != 0) {
            end++;
        }
        JsonNode prelude = Json.parse(Arrays.copyOf(answer, end));
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
