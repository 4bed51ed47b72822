package dev.agentport.lambda.streaming;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The plain HTTP/1.1 client of the Runtime API, against a raw socket server that records every byte it gets. */
class RuntimeApiExchangeTest {

    @Test
    void aChunkedBodyGoesOutChunkByChunkWithItsHexSizeAndTheLastChunkEndsIt() throws Exception {
        try (RawServer server = new RawServer("HTTP/1.1 202 Accepted\r\nContent-Length: 16\r\n\r\n{\"status\":\"OK\"}\n")) {
            try (RuntimeApiExchange exchange = RuntimeApiExchange.open("127.0.0.1", server.port())) {
                exchange.head("POST", "/2018-06-01/runtime/invocation/r1/response", "api:9001",
                        "Transfer-Encoding: chunked", "Lambda-Runtime-Function-Response-Mode: streaming");
                exchange.chunk("x".repeat(26).getBytes(StandardCharsets.UTF_8));
                exchange.chunk(new byte[0]);
                exchange.chunk("yz".getBytes(StandardCharsets.UTF_8));
                exchange.lastChunk();
                RuntimeApiExchange.Reply reply = exchange.reply();
                assertEquals(202, reply.status());
                assertEquals("{\"status\":\"OK\"}\n", reply.text());
            }
            assertEquals("POST /2018-06-01/runtime/invocation/r1/response HTTP/1.1\r\n"
                    + "Host: api:9001\r\n"
                    + "Transfer-Encoding: chunked\r\n"
                    + "Lambda-Runtime-Function-Response-Mode: streaming\r\n"
                    + "\r\n"
                    + "1a\r\n" + "x".repeat(26) + "\r\n"
                    + "2\r\nyz\r\n"
                    + "0\r\n\r\n", server.received());
        }
    }

    @Test
    void aChunkedReplyIsReadWholeAndItsTrailersAreSkipped() throws Exception {
        try (RawServer server = new RawServer("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n"
                + "Lambda-Runtime-Aws-Request-Id: r2\r\n\r\n"
                + "3;ext=1\r\n{\"a\r\n4\r\n\":1}\r\n0\r\nX-Trailer: t\r\n\r\n")) {
            try (RuntimeApiExchange exchange = RuntimeApiExchange.open("127.0.0.1", server.port())) {
                exchange.head("GET", "/2018-06-01/runtime/invocation/next", "api:9001");
                RuntimeApiExchange.Reply reply = exchange.reply();
                assertEquals(200, reply.status());
                assertEquals("r2", reply.header("lambda-runtime-aws-request-id"));
                assertEquals("{\"a\":1}", reply.text());
            }
        }
    }

    @Test
    void aReplyWithoutALengthIsReadToTheEndOfTheConnection() throws Exception {
        try (RawServer server = new RawServer("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{}")) {
            try (RuntimeApiExchange exchange = RuntimeApiExchange.open("127.0.0.1", server.port())) {
                exchange.head("GET", "/2018-06-01/runtime/invocation/next", "api:9001");
                assertArrayEquals("{}".getBytes(StandardCharsets.UTF_8), exchange.reply().body());
            }
        }
    }

    @Test
    void aResponseTheRuntimeApiEndedMakesTheNextSendFail() throws Exception {
        try (RawServer server = new RawServer(null)) {
            RuntimeApiExchange exchange = RuntimeApiExchange.open("127.0.0.1", server.port());
            exchange.head("POST", "/2018-06-01/runtime/invocation/r3/response", "api:9001",
                    "Transfer-Encoding: chunked");
            StreamingBody body = new StreamingBody(exchange);
            server.closeAfterHead();

            ExecutionException ended = assertThrows(ExecutionException.class,
                    () -> body.reply().get(10, TimeUnit.SECONDS));
            assertTrue(ended.getCause() instanceof IOException, ended.toString());
            assertThrows(IOException.class, () -> body.send("late".getBytes(StandardCharsets.UTF_8)));
        }
    }

    @Test
    void aFailedResponseIsAbortedBeforeItsLastChunk() throws Exception {
        try (RawServer server = new RawServer(null)) {
            RuntimeApiExchange exchange = RuntimeApiExchange.open("127.0.0.1", server.port());
            exchange.head("POST", "/2018-06-01/runtime/invocation/r4/response", "api:9001",
                    "Transfer-Encoding: chunked");
            StreamingBody body = new StreamingBody(exchange);
            body.send("part".getBytes(StandardCharsets.UTF_8));
            body.fail(new IOException("the adapter failed"));

            String received = server.received();
            assertTrue(received.endsWith("4\r\npart\r\n"), received);
            assertFalse(received.contains("0\r\n\r\n"), received);
            assertThrows(ExecutionException.class, () -> body.reply().get(10, TimeUnit.SECONDS));
        }
    }

    /**
     * Accepts one connection and records what arrives. With a canned reply, it reads the request (up to the end of
     * its chunked body, or its head when it has none) and answers it, then closes.
     */
    private static final class RawServer implements AutoCloseable {
        private final ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        private final ByteArrayOutputStream received = new ByteArrayOutputStream();
        private final CompletableFuture<Socket> accepted = new CompletableFuture<>();
        private final CompletableFuture<String> done = new CompletableFuture<>();

        RawServer(String reply) throws IOException {
            Thread.ofPlatform().daemon().start(() -> serve(reply));
        }

        int port() {
            return listener.getLocalPort();
        }

        private void serve(String reply) {
            try (Socket socket = listener.accept()) {
                accepted.complete(socket);
                if (reply == null) {
                    readUntilClosed(socket.getInputStream());
                } else {
                    readRequest(socket.getInputStream());
                    socket.getOutputStream().write(reply.getBytes(StandardCharsets.UTF_8));
                    socket.shutdownOutput();
                    readUntilClosed(socket.getInputStream());
                }
            } catch (IOException e) {
                // the client went away: what arrived is recorded
            }
            done.complete(text());
        }

        private void readRequest(InputStream in) throws IOException {
            while (true) {
                String sofar = text();
                int headEnd = sofar.indexOf("\r\n\r\n");
                if (headEnd >= 0 && (!sofar.contains("chunked") || sofar.endsWith("0\r\n\r\n"))) {
                    return;
                }
                int b = in.read();
                if (b == -1) {
                    return;
                }
                record(b);
            }
        }

        private void readUntilClosed(InputStream in) throws IOException {
            for (int b; (b = in.read()) != -1; ) {
                record(b);
            }
        }

        private void record(int b) {
            synchronized (received) {
                received.write(b);
            }
        }

        private String text() {
            synchronized (received) {
                return received.toString(StandardCharsets.UTF_8);
            }
        }

        /** Ends the connection once the request's head has arrived, as a Runtime API whose client left does. */
        void closeAfterHead() throws Exception {
            Socket socket = accepted.get(10, TimeUnit.SECONDS);
            while (!text().contains("\r\n\r\n")) {
                Thread.sleep(5);
            }
            socket.close();
        }

        /** Everything that arrived, once the connection has ended. */
        String received() throws Exception {
            return done.get(10, TimeUnit.SECONDS);
        }

        @Override
        public void close() throws IOException {
            listener.close();
        }
    }
}
