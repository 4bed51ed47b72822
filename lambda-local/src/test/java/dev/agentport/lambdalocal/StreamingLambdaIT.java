package dev.agentport.lambdalocal;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The streaming Lambda ({@code LAMBDA_MODE=streaming adapter-lambda/run-local}) at the ends of a run. */
@Timeout(180)
class StreamingLambdaIT {

    private static final String LONG_INPUT = "{\"input\":\"" + "word ".repeat(40).strip() + "\"}";

    @Test
    void theFunctionsDeadlineEndsTheStreamWithAnErrorEventThenDone() throws Exception {
        RunLocalProcess.assumeBuilt("streaming");
        try (RunLocalProcess runLocal = RunLocalProcess.start(RunLocalProcess.freePort(), "streaming", Map.of(
                "LAMBDA_TIMEOUT_SECONDS", "3", "DEFAULT_AGENT_WORD_DELAY_MS", "300")).awaitListening()) {
            HttpResponse<String> response = TestSupport.CLIENT.send(post(runLocal.port, "/stream"),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode(), response.body());
            String body = response.body();
            int error = body.indexOf("event: error\n");
            assertTrue(error > 0, "an error event: " + body);
            assertTrue(body.substring(error).contains("deadline"), body);
            assertTrue(body.endsWith("data: [DONE]\n\n"), "the stream ends with [DONE]: " + body);
        }
    }

    @Test
    void aClientThatLeavesCancelsTheRunSoTheFunctionIsFreeForTheNextRequest() throws Exception {
        RunLocalProcess.assumeBuilt("streaming");
        try (RunLocalProcess runLocal = RunLocalProcess.start(RunLocalProcess.freePort(), "streaming", Map.of(
                "LAMBDA_TIMEOUT_SECONDS", "60", "DEFAULT_AGENT_WORD_DELAY_MS", "300")).awaitListening()) {
            try (Socket socket = new Socket("127.0.0.1", runLocal.port)) {
                socket.getOutputStream().write(("POST /stream HTTP/1.1\r\nHost: localhost\r\n"
                        + "Content-Type: application/json\r\nContent-Length: " + LONG_INPUT.length() + "\r\n\r\n"
                        + LONG_INPUT).getBytes(StandardCharsets.US_ASCII));
                BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                        StandardCharsets.UTF_8));
                String line;
                do {
                    line = in.readLine();
                } while (line != null && !line.startsWith("data: {\"delta\""));
                assertNotNull(line, "the stream ended before its first delta");
            }
            // The forty words take twelve seconds; one function serves one request at a time, so /invoke is
            // answered quickly only if the left stream's run was cancelled.
            long started = System.nanoTime();
            HttpResponse<String> next = TestSupport.CLIENT.send(post(runLocal.port, "/invoke"),
                    HttpResponse.BodyHandlers.ofString());
            long tookMillis = (System.nanoTime() - started) / 1_000_000;
            assertEquals(200, next.statusCode(), next.body());
            assertTrue(tookMillis < 6000, "the next request waited " + tookMillis + " ms: " + runLocal.output());
        }
    }

    private static HttpRequest post(int port, String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString(LONG_INPUT))
                .build();
    }
}
