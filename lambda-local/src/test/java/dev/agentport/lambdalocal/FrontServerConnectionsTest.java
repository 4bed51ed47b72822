package dev.agentport.lambdalocal;

import dev.agentport.helidon.transport.RawConnection;
import dev.agentport.helidon.transport.TransportSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The front's connection rules: HTTP/1.0, Connection: close, and bounds on slow and silent clients. */
class FrontServerConnectionsTest {

    private static final TransportSettings ONE_SECOND = new TransportSettings(Duration.ofSeconds(1),
            Duration.ofSeconds(1), Duration.ofSeconds(1));

    private Invocations invocations;
    private FrontServer front;
    private volatile boolean functionRunning = true;

    @BeforeEach
    void start() {
        invocations = new Invocations(Duration.ofSeconds(30), Duration.ofSeconds(30), Clock.systemUTC());
        front = new FrontServer(0, Mode.BUFFERED, invocations,
                new FrontServer.Stamps(Clock.systemUTC(), "123456789012", "us-east-1"), Duration.ofMillis(200),
                ONE_SECOND).start();
        Thread.ofVirtual().name("function").start(this::answerEveryInvocation);
    }

    /** The function: every invocation gets a 200 with the body "healthy". */
    private void answerEveryInvocation() {
        byte[] payload = "{\"statusCode\":200,\"body\":\"healthy\"}".getBytes(StandardCharsets.UTF_8);
        try {
            while (functionRunning) {
                invocations.take(() -> functionRunning).ifPresent(invocation -> {
                    invocation.start("application/json", false);
                    invocation.chunk(payload);
                    invocation.finish(Optional.empty());
                    invocations.done(invocation);
                });
            }
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
        }
    }

    @AfterEach
    void stop() {
        functionRunning = false;
        front.close();
        invocations.close();
    }

    @Test
    void an_http_1_0_request_is_answered_and_then_the_connection_is_closed() throws Exception {
        try (RawConnection connection = connect()) {
            connection.send("GET /health HTTP/1.0\r\n\r\n");
            String answer = connection.readUntilClosed(Duration.ofSeconds(2));
            assertTrue(answer.startsWith("HTTP/1.1 200 OK\r\n"), answer);
            assertTrue(answer.endsWith("\r\n\r\nhealthy"), answer);
        }
    }

    @Test
    void an_http_1_0_request_asking_for_keep_alive_keeps_the_connection_open() throws Exception {
        try (RawConnection connection = connect()) {
            String request = "GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n";
            connection.send(request);
            String first = connection.readResponse();
            assertTrue(first.startsWith("HTTP/1.1 200 OK\r\n"), first);
            assertTrue(first.toLowerCase(Locale.ROOT).contains("connection: keep-alive"), first);
            connection.send(request);
            assertTrue(connection.readResponse().startsWith("HTTP/1.1 200 OK\r\n"));
        }
    }

    @Test
    void connection_close_is_answered_and_then_the_socket_is_closed() throws Exception {
        try (RawConnection connection = connect()) {
            connection.send("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            String answer = connection.readUntilClosed(Duration.ofSeconds(2));
            assertTrue(answer.startsWith("HTTP/1.1 "), answer);
            assertTrue(answer.contains("Connection: close"), answer);
        }
    }

    @Test
    void a_client_stalling_in_its_headers_gets_408_and_is_disconnected_within_the_header_timeout() throws Exception {
        try (RawConnection connection = connect()) {
            connection.send("POST /invoke HTTP/1.1\r\nHost: x\r\nContent-Type: app");
            String answer = connection.readUntilClosed(Duration.ofSeconds(3));
            assertTrue(answer.startsWith("HTTP/1.1 408 "), answer);
            assertTrue(answer.endsWith("\r\n\r\n{\"message\":\"Request Timeout\"}"), answer);
        }
    }

    @Test
    void a_client_stalling_in_its_body_is_disconnected_within_the_body_timeout() throws Exception {
        try (RawConnection connection = connect()) {
            connection.send("POST /invoke HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"input\":");
            connection.readUntilClosed(Duration.ofSeconds(3));
        }
    }

    @Test
    void an_idle_keep_alive_connection_is_closed_after_the_idle_timeout() throws Exception {
        try (RawConnection connection = connect()) {
            connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
            String answer = connection.readUntilClosed(Duration.ofSeconds(4));
            assertTrue(answer.startsWith("HTTP/1.1 ") && !answer.contains("Connection: close"), answer);
        }
    }

    private RawConnection connect() throws IOException {
        return RawConnection.open(front.port());
    }
}
