package dev.agentport.validate;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.function.Function;

/** A JDK HTTP server on loopback whose every answer a function of the request gives: what the command is run against. */
final class FakeServer implements AutoCloseable {

    /** A request as the fake sees it. */
    record Call(String method, String path, String body) {
    }

    /** An answer. */
    record Reply(int status, String contentType, String body) {

        static Reply json(int status, String body) {
            return new Reply(status, "application/json", body);
        }
    }

    private final HttpServer server;

    FakeServer(Function<Call, Reply> answers) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> answer(exchange, answers));
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private static void answer(HttpExchange http, Function<Call, Reply> answers) throws IOException {
        try (http) {
            String body = new String(http.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Reply reply = answers.apply(new Call(http.getRequestMethod(), http.getRequestURI().getPath(), body));
            byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
            http.getResponseHeaders().set("Content-Type", reply.contentType());
            http.sendResponseHeaders(reply.status(), bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                try (OutputStream out = http.getResponseBody()) {
                    out.write(bytes);
                }
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
