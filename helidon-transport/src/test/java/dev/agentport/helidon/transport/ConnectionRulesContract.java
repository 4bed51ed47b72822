package dev.agentport.helidon.transport;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The connection rules every listener on {@link SlowClientLimits} and {@link ConnectionClose} keeps: HTTP/1.0,
 * {@code Connection: close}, and bounds on slow and silent clients. A listener's test extends this class, starts it
 * with {@link #ONE_SECOND} before each test, and answers {@code GET /health} with 200.
 */
public abstract class ConnectionRulesContract {

    protected static final TransportSettings ONE_SECOND = new TransportSettings(Duration.ofSeconds(1),
            Duration.ofSeconds(1), Duration.ofSeconds(1));

    /** The port of the listener under test. */
    protected abstract int port();

    /** Checks that {@code answer}, the whole 408 as received, is in the listener's own error shape. */
    protected abstract void assertInErrorShape(String answer);

    @Test
    void an_http_1_0_request_is_answered_and_then_the_connection_is_closed() throws Exception {
        try (RawConnection connection = connect()) {
            connection.send("GET /health HTTP/1.0\r\n\r\n");
            String answer = connection.readUntilClosed(Duration.ofSeconds(2));
            assertTrue(answer.startsWith("HTTP/1.1 200 OK\r\n"), answer);
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
            assertInErrorShape(answer);
        }
    }

    @Test
    void a_client_stalling_in_its_body_is_disconnected_within_the_body_timeout() throws Exception {
        try (RawConnection connection = connect()) {
            connection.send("POST /invoke HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 100\r\n\r\n{\"input\":");
            connection.readUntilClosed(Duration.ofSeconds(3));
        }
    }

    @Test
    void a_client_stalling_in_the_headers_of_its_second_request_gets_408_and_is_disconnected() throws Exception {
        try (RawConnection connection = connect()) {
            connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
            assertTrue(connection.readResponse().startsWith("HTTP/1.1 200 OK\r\n"));
            connection.send("POST /invoke HTTP/1.1\r\nHost: x\r\nContent-Type: app");
            String answer = connection.readUntilClosed(Duration.ofSeconds(3));
            assertTrue(answer.startsWith("HTTP/1.1 408 "), answer);
        }
    }

    @Test
    void a_client_stalling_in_the_body_of_its_second_request_is_disconnected_within_the_body_timeout()
            throws Exception {
        try (RawConnection connection = connect()) {
            String whole = "{\"input\":\"hi\"}";
            connection.send("POST /invoke HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + whole.length() + "\r\n\r\n" + whole);
            assertTrue(connection.readResponse().startsWith("HTTP/1.1 "));
            connection.send("POST /invoke HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 100\r\n\r\n{\"input\":");
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
    void a_request_line_with_a_byte_that_is_not_ascii_is_400_in_json() throws Exception {
        try (RawConnection connection = connect()) {
            connection.sendBytes(new byte[]{(byte) 0xFF, ' ', '/', ' ', 'H', 'T', 'T', 'P', '/', '1', '.', '1', '\r',
                    '\n', '\r', '\n'});
            assertClientFault(connection.readUntilClosed(Duration.ofSeconds(3)));
        }
    }

    @Test
    void a_chunked_body_with_a_chunk_size_that_is_no_number_is_400_in_json_and_the_connection_closes()
            throws Exception {
        try (RawConnection connection = connect()) {
            connection.send("POST /invoke HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n");
            assertClientFault(connection.readUntilClosed(Duration.ofSeconds(3)));
        }
    }

    @Test
    void a_body_cut_short_by_a_client_that_stopped_sending_is_400_in_json() throws Exception {
        try (RawConnection connection = connect()) {
            connection.send("POST /invoke HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 100\r\n\r\n{\"input\":");
            connection.stopSending();
            assertClientFault(connection.readUntilClosed(Duration.ofSeconds(3)));
        }
    }

    @Test
    void a_request_line_of_nine_kilobytes_is_answered_at_once() throws Exception {
        try (RawConnection connection = connect()) {
            connection.send("GET /" + "a".repeat(9_000) + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            String answer = connection.readUntilClosed(Duration.ofMillis(900));
            assertTrue(answer.startsWith("HTTP/1.1 "), answer);
            assertFalse(answer.startsWith("HTTP/1.1 408"), answer);
        }
    }

    @Test
    void a_transfer_coding_the_listener_does_not_know_is_400_in_json() throws Exception {
        try (RawConnection connection = connect()) {
            connection.send("POST /invoke HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n");
            assertClientFault(connection.readUntilClosed(Duration.ofSeconds(3)));
        }
    }

    private static void assertClientFault(String answer) {
        assertTrue(answer.startsWith("HTTP/1.1 400 "), answer);
        assertTrue(answer.toLowerCase(Locale.ROOT).contains("content-type: application/json"), answer);
    }

    protected RawConnection connect() throws IOException {
        return RawConnection.open(port());
    }
}
