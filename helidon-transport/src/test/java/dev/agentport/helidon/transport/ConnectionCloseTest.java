package dev.agentport.helidon.transport;

import io.helidon.webserver.WebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link ConnectionClose} on an answer written to the response's output stream, as event streams are. */
class ConnectionCloseTest {

    private WebServer server;

    @BeforeEach
    void start() {
        server = WebServer.builder()
                .port(0)
                .host("127.0.0.1")
                .routing(routing -> routing.any(ConnectionClose.honoured((request, response) -> {
                    try (OutputStream body = response.outputStream()) {
                        body.write("data: one\n\n".getBytes(StandardCharsets.UTF_8));
                        body.flush();
                        body.write("data: two\n\n".getBytes(StandardCharsets.UTF_8));
                    }
                })))
                .build()
                .start();
    }

    @AfterEach
    void stop() {
        server.stop();
    }

    @Test
    void a_streamed_answer_to_connection_close_ends_with_its_last_chunk_before_the_connection_closes()
            throws Exception {
        try (RawConnection connection = RawConnection.open(server.port())) {
            connection.send("GET /events HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            String answer = connection.readUntilClosed(Duration.ofSeconds(2));
            assertTrue(answer.contains("Transfer-Encoding: chunked"), answer);
            assertTrue(answer.contains("data: two"), answer);
            assertTrue(answer.endsWith("\r\n0\r\n\r\n"), "no terminating chunk: " + answer);
        }
    }
}
