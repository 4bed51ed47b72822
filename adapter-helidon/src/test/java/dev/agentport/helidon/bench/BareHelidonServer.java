package dev.agentport.helidon.bench;

import io.helidon.http.Header;
import io.helidon.http.HeaderValues;
import io.helidon.http.Status;
import io.helidon.webserver.WebServer;

import java.nio.charset.StandardCharsets;

/**
 * The ceiling for the {@code /invoke} benchmark: a Helidon SE WebServer, set up like {@code AgentPortServer} (one
 * handler on every path), that answers every request with the bytes and headers of the default agent's first-turn
 * {@code /invoke} answer, without reading the body or doing any agent work. Whatever {@code /invoke} costs above this
 * is AgentPort's own per-request work.
 *
 * <pre>{@code
 * java -cp adapter-helidon/target/test-classes:adapter-helidon/target/agentport-server.jar \
 *      dev.agentport.helidon.bench.BareHelidonServer 8090
 * }</pre>
 */
public final class BareHelidonServer {

    /** A session id of the length the real server generates (a random UUID). */
    static final String SESSION_ID = "00000000-0000-4000-8000-000000000000";

    static final byte[] BODY = ("{\"output\":\"You said \\\"hello\\\". This is turn 1 of this session.\","
            + "\"session_id\":\"" + SESSION_ID + "\",\"metadata\":{\"interrupted\":false}}")
            .getBytes(StandardCharsets.UTF_8);

    private static final Header CONTENT_TYPE = HeaderValues.createCached("Content-Type", "application/json");
    private static final Header SESSION = HeaderValues.createCached("X-Session-Id", SESSION_ID);
    private static final Header CONTRACT_VERSION = HeaderValues.createCached("X-Runtime-Contract-Version", "1");

    private final WebServer server;

    private BareHelidonServer(WebServer server) {
        this.server = server;
    }

    /** Starts on {@code 127.0.0.1:port}; port 0 picks a free one. */
    public static BareHelidonServer start(int port) {
        WebServer server = WebServer.builder()
                .host("127.0.0.1")
                .port(port)
                .routing(routing -> routing.any((request, response) -> {
                    response.status(Status.OK_200);
                    response.header(CONTENT_TYPE);
                    response.header(SESSION);
                    response.header(CONTRACT_VERSION);
                    response.send(BODY);
                }))
                .build()
                .start();
        return new BareHelidonServer(server);
    }

    public int port() {
        return server.port();
    }

    public void stop() {
        server.stop();
    }

    /** {@code BareHelidonServer [port]}: the port comes from the argument, else {@code PORT}, else 8090. */
    public static void main(String[] args) {
        String port = args.length > 0 ? args[0] : System.getenv().getOrDefault("PORT", "8090");
        BareHelidonServer bare = start(Integer.parseInt(port.strip()));
        System.out.println("bare Helidon handler listening on 127.0.0.1:" + bare.port());
    }
}
