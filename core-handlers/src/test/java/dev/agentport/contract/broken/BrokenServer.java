package dev.agentport.contract.broken;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.Target;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;

/**
 * A small HTTP server on loopback that answers as the core does, except where its breakage changes the answer:
 * what the validate-contract command is calibrated against.
 */
public final class BrokenServer implements AutoCloseable {

    private static final Set<String> SET_BY_THE_SERVER = Set.of("content-length", "transfer-encoding", "connection",
            "date");

    private final HttpServer server;

    public BrokenServer(Target core, Breakage breakage) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> answer(exchange, core, breakage));
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private static void answer(HttpExchange http, Target core, Breakage breakage) throws IOException {
        try (http) {
            String query = http.getRequestURI().getRawQuery();
            CaseRequest.Builder request = CaseRequest.method(http.getRequestMethod(),
                    http.getRequestURI().getRawPath() + (query == null ? "" : "?" + query));
            http.getRequestHeaders().forEach((name, values) -> values.forEach(value -> request.header(name, value)));
            byte[] body = http.getRequestBody().readAllBytes();
            if (body.length > 0) {
                request.body(null, body);
            }
            CaseRequest built = request.build();
            Exchange answer;
            try {
                answer = breakage.apply(built, core.send(built));
            } catch (Exception e) {
                http.sendResponseHeaders(500, -1);
                return;
            }
            for (Map.Entry<String, List<String>> header : answer.headers().entrySet()) {
                if (!SET_BY_THE_SERVER.contains(header.getKey())) {
                    http.getResponseHeaders().put(header.getKey(), header.getValue());
                }
            }
            byte[] bytes = answer.body();
            http.sendResponseHeaders(answer.status(), bytes.length == 0 ? -1 : bytes.length);
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
