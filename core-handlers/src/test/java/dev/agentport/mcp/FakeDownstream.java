package dev.agentport.mcp;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * A downstream MCP server on loopback for {@code get_health}'s probes: one that answers {@code initialize} with a
 * session (and records the {@code DELETE} that ends it), or one that hangs for {@code hang} before it answers.
 */
public final class FakeDownstream implements AutoCloseable {

    private final HttpServer server;
    private final List<String> requests = new CopyOnWriteArrayList<>();

    private FakeDownstream(long hangMillis) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/mcp", exchange -> {
            requests.add(exchange.getRequestMethod() + " " + exchange.getRequestHeaders().getFirst("Mcp-Session-Id"));
            try {
                if (hangMillis > 0) {
                    Thread.sleep(hangMillis);
                }
                if (exchange.getRequestMethod().equals("DELETE")) {
                    exchange.sendResponseHeaders(204, -1);
                    return;
                }
                byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-11-25\","
                        + "\"capabilities\":{},\"serverInfo\":{\"name\":\"fake\",\"version\":\"1\"}}}")
                        .getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                exchange.getResponseHeaders().add("Mcp-Session-Id", "down-1");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                exchange.close();
            }
        });
        server.start();
    }

    public static FakeDownstream answering() throws IOException {
        return new FakeDownstream(0);
    }

    /** Answers only after {@code millis}: longer than any probe waits. */
    public static FakeDownstream hanging(long millis) throws IOException {
        return new FakeDownstream(millis);
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/mcp");
    }

    /** Each request's method and {@code Mcp-Session-Id}, in order. */
    public List<String> requests() {
        return requests;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
