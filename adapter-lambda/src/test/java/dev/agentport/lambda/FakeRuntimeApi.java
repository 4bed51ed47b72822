package dev.agentport.lambda;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A small Lambda Runtime API on loopback for tests: hands out the queued events on {@code /invocation/next} (then
 * answers 500, which ends a runtime's loop), and records what comes back on {@code /response}, {@code /error} and
 * {@code /init/error}. Response bodies are read as they arrive, and each piece is shown to a listener.
 */
public final class FakeRuntimeApi implements AutoCloseable {

    /** What a runtime posted back. */
    public record Posted(Map<String, List<String>> headers, byte[] body) {
        public String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0)).findFirst().orElse(null);
        }

        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private final HttpServer server;
    private final BlockingQueue<String> events = new LinkedBlockingQueue<>();
    private final Map<String, Posted> posted = new ConcurrentHashMap<>();
    private final Map<String, CountDownLatch> done = new ConcurrentHashMap<>();
    private volatile Consumer<byte[]> bodyListener = received -> { };
    private final long deadlineMillis;
    private int nextId = 1;

    /** @param timePerInvocation what Lambda-Runtime-Deadline-Ms gives each invocation */
    public FakeRuntimeApi(Duration timePerInvocation) throws IOException {
        this.deadlineMillis = timePerInvocation.toMillis();
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/2018-06-01/runtime/", this::handle);
        server.start();
    }

    /** The value for {@code AWS_LAMBDA_RUNTIME_API}. */
    public String address() {
        return "127.0.0.1:" + server.getAddress().getPort();
    }

    /** Queues an event; returns its request id. */
    public synchronized String enqueue(String eventJson) {
        String id = "req-" + nextId++;
        done.put(id, new CountDownLatch(1));
        events.add(id + "\n" + eventJson);
        return id;
    }

    /** Sees every piece of a response body as it arrives. */
    public void onBodyBytes(Consumer<byte[]> listener) {
        this.bodyListener = listener;
    }

    /** Waits for the response (or error) posted for a request id; the key is "response", "error" or "init". */
    public Posted await(String requestId, String kind) throws InterruptedException {
        if (!done.get(requestId).await(30, TimeUnit.SECONDS)) {
            throw new AssertionError("nothing was posted for " + requestId);
        }
        return posted.get(requestId + "/" + kind);
    }

    public Posted posted(String key) {
        return posted.get(key);
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath().substring("/2018-06-01/runtime/".length());
        try (exchange) {
            if (path.equals("invocation/next")) {
                next(exchange);
            } else if (path.equals("init/error")) {
                posted.put("init", new Posted(exchange.getRequestHeaders(), read(exchange.getRequestBody())));
                reply(exchange, 202);
            } else if (path.startsWith("invocation/")) {
                String[] parts = path.split("/");
                String id = parts[1];
                posted.put(id + "/" + parts[2], new Posted(exchange.getRequestHeaders(),
                        read(exchange.getRequestBody())));
                reply(exchange, 202);
                done.get(id).countDown();
            } else {
                reply(exchange, 404);
            }
        }
    }

    private void next(HttpExchange exchange) throws IOException {
        String queued = events.poll();
        if (queued == null) {
            reply(exchange, 500);
            return;
        }
        int newline = queued.indexOf('\n');
        byte[] event = queued.substring(newline + 1).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Lambda-Runtime-Aws-Request-Id", queued.substring(0, newline));
        exchange.getResponseHeaders().add("Lambda-Runtime-Deadline-Ms",
                Long.toString(System.currentTimeMillis() + deadlineMillis));
        exchange.getResponseHeaders().add("Lambda-Runtime-Invoked-Function-Arn",
                "arn:aws:lambda:us-east-1:123456789012:function:agentport");
        exchange.getResponseHeaders().add("Lambda-Runtime-Trace-Id", "Root=1-5759e988-bd862e3fe1be46a994272793");
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, event.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(event);
        }
    }

    private byte[] read(InputStream in) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        for (int n; (n = in.read(buffer)) >= 0; ) {
            all.write(buffer, 0, n);
            byte[] piece = new byte[n];
            System.arraycopy(buffer, 0, piece, 0, n);
            bodyListener.accept(piece);
        }
        return all.toByteArray();
    }

    private static void reply(HttpExchange exchange, int status) throws IOException {
        exchange.sendResponseHeaders(status, -1);
    }

    @Override
    public void close() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }
}
