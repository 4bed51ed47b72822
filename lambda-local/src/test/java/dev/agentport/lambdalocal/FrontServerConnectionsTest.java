package dev.agentport.lambdalocal;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The front's connection rules: Connection: close, and bounds on slow and silent clients. */
class FrontServerConnectionsTest {

    private static final FrontServer.Limits ONE_SECOND = new FrontServer.Limits(Duration.ofSeconds(1),
            Duration.ofSeconds(1), Duration.ofSeconds(1));

    private Invocations invocations;
    private FrontServer front;

    @BeforeEach
    void start() {
        invocations = new Invocations(Duration.ofSeconds(30), Duration.ofSeconds(30), Clock.systemUTC());
        front = new FrontServer(0, Mode.BUFFERED, invocations,
                new FrontServer.Stamps(Clock.systemUTC(), "123456789012", "us-east-1"), Duration.ofMillis(200),
                ONE_SECOND).start();
    }

    @AfterEach
    void stop() {
        front.close();
        invocations.close();
    }

    @Test
    void connection_close_is_answered_and_then_the_socket_is_closed() throws Exception {
        try (Socket socket = connect()) {
            send(socket, "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            String answer = readUntilClosed(socket, Duration.ofSeconds(2));
            assertTrue(answer.startsWith("HTTP/1.1 "), answer);
            assertTrue(answer.contains("Connection: close"), answer);
        }
    }

    @Test
    void a_client_stalling_in_its_headers_is_disconnected_within_the_header_timeout() throws Exception {
        try (Socket socket = connect()) {
            send(socket, "POST /invoke HTTP/1.1\r\nHost: x\r\nContent-Type: app");
            assertEquals("", readUntilClosed(socket, Duration.ofSeconds(3)));
        }
    }

    @Test
    void a_client_stalling_in_its_body_is_disconnected_within_the_body_timeout() throws Exception {
        try (Socket socket = connect()) {
            send(socket, "POST /invoke HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"input\":");
            readUntilClosed(socket, Duration.ofSeconds(3));
        }
    }

    @Test
    void an_idle_keep_alive_connection_is_closed_after_the_idle_timeout() throws Exception {
        try (Socket socket = connect()) {
            send(socket, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
            String answer = readUntilClosed(socket, Duration.ofSeconds(4));
            assertTrue(answer.startsWith("HTTP/1.1 ") && !answer.contains("Connection: close"), answer);
        }
    }

    @Test
    void an_invalid_timeout_names_its_variable() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FrontServer.Limits.fromEnvironment(Map.of("AGENT_IDLE_TIMEOUT_SECONDS", "soon")));
        assertTrue(e.getMessage().startsWith("AGENT_IDLE_TIMEOUT_SECONDS must be"), e.getMessage());
    }

    private Socket connect() throws IOException {
        return new Socket("127.0.0.1", front.port());
    }

    private static void send(Socket socket, String text) throws IOException {
        socket.getOutputStream().write(text.getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
    }

    private static String readUntilClosed(Socket socket, Duration within) throws IOException {
        long deadline = System.nanoTime() + within.toNanos();
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[8192];
        while (true) {
            socket.setSoTimeout((int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
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
}
