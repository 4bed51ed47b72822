package dev.agentport.helidon;

import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.helidon.transport.RawConnection;
import dev.agentport.helidon.transport.TransportSettings;
import dev.agentport.runtime.RuntimeConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How the server treats connections: HTTP/1.0, Connection: close, slow and silent clients, a busy port. */
class ConnectionRulesTest {

    private static final TransportSettings ONE_SECOND = new TransportSettings(Duration.ofSeconds(1),
            Duration.ofSeconds(1), Duration.ofSeconds(1));
    private static final String INVOKE_BODY = "{\"input\":\"hi\"}";

    private AgentPortServer server;

    @BeforeEach
    void start() {
        server = AgentPortServer.builder().agent(new DefaultAgent(Duration.ZERO))
                .config(RuntimeConfig.fromEnvironment(Map.of("PORT", "0"))).transport(ONE_SECOND).build().start();
    }

    @AfterEach
    void stop() {
        server.stop();
    }

    @Test
    void an_http_1_0_request_is_answered_and_then_the_connection_is_closed() throws Exception {
        try (RawConnection connection = connect()) {
            connection.send("POST /invoke HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: "
                    + INVOKE_BODY.length() + "\r\n\r\n" + INVOKE_BODY);
            String answer = connection.readUntilClosed(Duration.ofSeconds(2));
            assertTrue(answer.startsWith("HTTP/1.1 200 OK\r\n"), answer);
            assertTrue(answer.contains("You said \\\"hi\\\""), answer);
        }
    }

    @Test
    void an_http_1_0_request_asking_for_keep_alive_keeps_the_connection_open() throws Exception {
        try (RawConnection connection = connect()) {
            String request = "GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n";
            connection.send(request);
            String first = connection.readResponse();
            assertTrue(first.startsWith("HTTP/1.1 200 OK\r\n"), first);
            assertTrue(first.toLowerCase().contains("connection: keep-alive"), first);
            connection.send(request);
            assertTrue(connection.readResponse().startsWith("HTTP/1.1 200 OK\r\n"));
        }
    }

    @Test
    void connection_close_is_answered_and_then_the_socket_is_closed() throws Exception {
        try (RawConnection connection = connect()) {
            connection.send("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            String answer = connection.readUntilClosed(Duration.ofSeconds(1));
            assertTrue(answer.startsWith("HTTP/1.1 200 OK\r\n"), answer);
            assertTrue(answer.contains("Connection: close"), answer);
        }
    }

    @Test
    void a_client_stalling_in_its_headers_gets_408_and_is_disconnected_within_the_header_timeout() throws Exception {
        try (RawConnection connection = connect()) {
            connection.send("POST /invoke HTTP/1.1\r\nHost: x\r\nContent-Type: app");
            String answer = connection.readUntilClosed(Duration.ofSeconds(3));
            assertTrue(answer.startsWith("HTTP/1.1 408 "), answer);
            assertTrue(answer.contains("X-Runtime-Contract-Version: 1"), answer);
            assertTrue(answer.contains("\"error\":{\"code\":"), answer);
        }
    }

    @Test
    void a_client_stalling_in_its_body_is_disconnected_within_the_body_timeout() throws Exception {
        try (RawConnection connection = connect()) {
            connection.send("POST /invoke HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100"
                    + "\r\n\r\n{\"input\":");
            connection.readUntilClosed(Duration.ofSeconds(3));
        }
    }

    @Test
    void an_idle_keep_alive_connection_is_closed_after_the_idle_timeout() throws Exception {
        try (RawConnection connection = connect()) {
            connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
            assertTrue(connection.readResponse().startsWith("HTTP/1.1 200 OK\r\n"));
            connection.readUntilClosed(Duration.ofSeconds(4));
        }
    }

    @Test
    void a_port_in_use_stops_start_up_with_a_message_naming_the_port() throws Exception {
        try (ServerSocket taken = new ServerSocket(0)) {
            AgentPortServer.Builder second = AgentPortServer.builder().agent(new DefaultAgent())
                    .config(RuntimeConfig.fromEnvironment(Map.of("PORT", String.valueOf(taken.getLocalPort()))))
                    .transport(ONE_SECOND);
            AgentPortServer built = second.build();
            ServerStartException failure = assertThrows(ServerStartException.class, built::start);
            assertTrue(failure.getMessage().contains("port " + taken.getLocalPort()), failure.getMessage());
        }
    }

    private RawConnection connect() throws IOException {
        return RawConnection.open(server.port());
    }
}
