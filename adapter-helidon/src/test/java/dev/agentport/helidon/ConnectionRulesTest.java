package dev.agentport.helidon;

import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.runtime.RuntimeConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        try (Socket socket = connect()) {
            send(socket, "POST /invoke HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: "
                    + INVOKE_BODY.length() + "\r\n\r\n" + INVOKE_BODY);
            String answer = readUntilClosed(socket, Duration.ofSeconds(2));
            assertTrue(answer.startsWith("HTTP/1.1 200 OK\r\n"), answer);
            assertTrue(answer.contains("You said \\\"hi\\\""), answer);
        }
    }

    @Test
    void an_http_1_0_request_asking_for_keep_alive_keeps_the_connection_open() throws Exception {
        try (Socket socket = connect()) {
            String request = "GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n";
            send(socket, request);
            String first = readResponse(socket);
            assertTrue(first.startsWith("HTTP/1.1 200 OK\r\n"), first);
            assertTrue(first.toLowerCase().contains("connection: keep-alive"), first);
            send(socket, request);
            assertTrue(readResponse(socket).startsWith("HTTP/1.1 200 OK\r\n"));
        }
    }

    @Test
    void connection_close_is_answered_and_then_the_socket_is_closed() throws Exception {
        try (Socket socket = connect()) {
            send(socket, "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            String answer = readUntilClosed(socket, Duration.ofSeconds(1));
            assertTrue(answer.startsWith("HTTP/1.1 200 OK\r\n"), answer);
            assertTrue(answer.contains("Connection: close"), answer);
        }
    }

    @Test
    void a_client_stalling_in_its_headers_gets_408_and_is_disconnected_within_the_header_timeout() throws Exception {
        try (Socket socket = connect()) {
            send(socket, "POST /invoke HTTP/1.1\r\nHost: x\r\nContent-Type: app");
            String answer = readUntilClosed(socket, Duration.ofSeconds(3));
            assertTrue(answer.startsWith("HTTP/1.1 408 "), answer);
            assertTrue(answer.contains("X-Runtime-Contract-Version: 1"), answer);
            assertTrue(answer.contains("\"error\":{\"code\":"), answer);
        }
    }

    @Test
    void a_client_stalling_in_its_body_is_disconnected_within_the_body_timeout() throws Exception {
        try (Socket socket = connect()) {
            send(socket, "POST /invoke HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100"
                    + "\r\n\r\n{\"input\":");
            readUntilClosed(socket, Duration.ofSeconds(3));
        }
    }

    @Test
    void an_idle_keep_alive_connection_is_closed_after_the_idle_timeout() throws Exception {
        try (Socket socket = connect()) {
            send(socket, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
            assertTrue(readResponse(socket).startsWith("HTTP/1.1 200 OK\r\n"));
            readUntilClosed(socket, Duration.ofSeconds(4));
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

    private Socket connect() throws IOException {
        return new Socket("127.0.0.1", server.port());
    }

    private static void send(Socket socket, String text) throws IOException {
        socket.getOutputStream().write(text.getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
    }

    /** Everything until the server closes the connection, which must happen within {@code within}. */
    private static String readUntilClosed(Socket socket, Duration within) throws IOException {
        long deadline = System.nanoTime() + within.toNanos();
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[8192];
        while (true) {
            long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
            socket.setSoTimeout((int) left);
            int n;
            try {
                n = in.read(buffer);
            } catch (SocketTimeoutException e) {
                throw new AssertionError("the connection was still open after " + within + ": " + all, e);
            } catch (SocketException reset) {
                return all.toString(StandardCharsets.UTF_8);
            }
            if (n < 0) {
                return all.toString(StandardCharsets.UTF_8);
            }
            all.write(buffer, 0, n);
        }
    }

    /** One response with a Content-Length body. */
    private static String readResponse(Socket socket) throws IOException {
        socket.setSoTimeout(5_000);
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            assertTrue(b >= 0, "closed before the end of the headers: " + head);
            head.write(b);
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        int length = 0;
        for (String line : text.split("\r\n")) {
            if (line.toLowerCase().startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).strip());
            }
        }
        byte[] body = in.readNBytes(length);
        assertEquals(length, body.length);
        return text + new String(body, StandardCharsets.UTF_8);
    }
}
