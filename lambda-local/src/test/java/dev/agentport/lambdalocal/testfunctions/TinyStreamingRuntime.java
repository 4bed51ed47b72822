package dev.agentport.lambdalocal.testfunctions;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A tiny custom runtime that answers with the streaming Runtime API protocol, written with plain sockets so each
 * chunk and trailer is under the test's control. JDK only (it runs in a child process). By {@code rawPath}:
 * <ul>
 *   <li>{@code /gated}: prelude (status 207, SSE content type, a cookie), {@code data: first}, then waits until the
 *       file named by the {@code x-gate} request header exists, then {@code data: second};</li>
 *   <li>{@code /raw}: no prelude, content type {@code text/plain};</li>
 *   <li>{@code /fail-early}: reports an error before any byte;</li>
 *   <li>{@code /fail-midway}: one chunk, then error trailers.</li>
 * </ul>
 */
public final class TinyStreamingRuntime {

    private static final Pattern RAW_PATH = Pattern.compile("\"rawPath\":\"([^\"]*)\"");
    private static final Pattern GATE = Pattern.compile("\"x-gate\":\"([^\"]*)\"");

    private TinyStreamingRuntime() {
    }

    public static void main(String[] args) throws Exception {
        String[] api = System.getenv("AWS_LAMBDA_RUNTIME_API").split(":");
        while (true) {
            try (Socket socket = new Socket(api[0], Integer.parseInt(api[1]))) {
                OutputStream out = socket.getOutputStream();
                InputStream in = socket.getInputStream();
                out.write("GET /2018-06-01/runtime/invocation/next HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                        .getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                Map<String, String> headers = new HashMap<>();
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
                reader.readLine();
                String line;
                while (!(line = reader.readLine()).isEmpty()) {
                    int colon = line.indexOf(':');
                    headers.put(line.substring(0, colon).toLowerCase(), line.substring(colon + 1).strip());
                }
                char[] body = new char[Integer.parseInt(headers.get("content-length"))];
                int read = 0;
                while (read < body.length) {
                    read += reader.read(body, read, body.length - read);
                }
                answer(api, headers.get("lambda-runtime-aws-request-id"), new String(body));
            }
        }
    }

    private static void answer(String[] api, String requestId, String event) throws Exception {
        Matcher path = RAW_PATH.matcher(event);
        String rawPath = path.find() ? path.group(1) : "";
        String base = "/2018-06-01/runtime/invocation/" + requestId;
        try (Socket socket = new Socket(api[0], Integer.parseInt(api[1]))) {
            OutputStream out = socket.getOutputStream();
            switch (rawPath) {
                case "/fail-early" -> {
                    byte[] error = "{\"errorType\":\"TinyError\",\"errorMessage\":\"failed before the stream\"}"
                            .getBytes(StandardCharsets.UTF_8);
                    write(out, "POST " + base + "/error HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                            + "Lambda-Runtime-Function-Error-Type: TinyError\r\nContent-Type: application/json\r\n"
                            + "Content-Length: " + error.length + "\r\n\r\n");
                    out.write(error);
                }
                case "/raw" -> {
                    streamHead(out, base, "text/plain");
                    chunk(out, "plain text, no prelude");
                    out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                }
                case "/fail-midway" -> {
                    streamHead(out, base, "application/vnd.awslambda.http-integration-response");
                    chunk(out, "{\"statusCode\":200,\"headers\":{\"content-type\":\"text/plain\"}}\0\0\0\0\0\0\0\0partial");
                    String errorBody = Base64.getEncoder().encodeToString("went wrong".getBytes(StandardCharsets.UTF_8));
                    write(out, "0\r\nLambda-Runtime-Function-Error-Type: TinyMidwayError\r\n"
                            + "Lambda-Runtime-Function-Error-Body: " + errorBody + "\r\n\r\n");
                }
                default -> {
                    streamHead(out, base, "application/vnd.awslambda.http-integration-response");
                    chunk(out, "{\"statusCode\":207,\"headers\":{\"content-type\":\"text/event-stream\","
                            + "\"x-tiny\":\"yes\"},\"cookies\":[\"s=1; Path=/\"]}");
                    chunk(out, "\0\0\0\0");
                    chunk(out, "\0\0\0\0data: first\n\n");
                    Matcher gate = GATE.matcher(event);
                    if (gate.find()) {
                        Path file = Path.of(gate.group(1));
                        long until = System.currentTimeMillis() + 10_000;
                        while (!Files.exists(file) && System.currentTimeMillis() < until) {
                            Thread.sleep(20);
                        }
                    }
                    chunk(out, "data: second\n\n");
                    out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                }
            }
            out.flush();
            socket.getInputStream().readAllBytes();
        }
    }

    private static void streamHead(OutputStream out, String base, String contentType) throws IOException {
        write(out, "POST " + base + "/response HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                + "Lambda-Runtime-Function-Response-Mode: streaming\r\nTransfer-Encoding: chunked\r\n"
                + "Trailer: Lambda-Runtime-Function-Error-Type, Lambda-Runtime-Function-Error-Body\r\n"
                + "Content-Type: " + contentType + "\r\n\r\n");
    }

    private static void chunk(OutputStream out, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        write(out, Integer.toHexString(bytes.length) + "\r\n");
        out.write(bytes);
        write(out, "\r\n");
        out.flush();
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }
}
