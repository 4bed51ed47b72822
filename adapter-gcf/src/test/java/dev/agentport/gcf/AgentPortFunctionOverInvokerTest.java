package dev.agentport.gcf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The function end to end: the real Functions Framework invoker, a real HTTP client, the default agent. */
class AgentPortFunctionOverInvokerTest {

    private static final long WORD_DELAY_MS = 150;
    private static final int MAX_BODY_BYTES = 4096;
    private static final ObjectMapper JSON = new ObjectMapper();

    private static InvokerProcess invoker;
    private static HttpClient client;

    @BeforeAll
    static void start() throws Exception {
        invoker = InvokerProcess.start(AgentPortFunction.class.getName(), Map.of(
                "DEFAULT_AGENT_WORD_DELAY_MS", Long.toString(WORD_DELAY_MS),
                "AGENT_MAX_BODY_BYTES", Integer.toString(MAX_BODY_BYTES),
                "LOG_LEVEL", "DEBUG"));
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    @AfterAll
    static void stop() throws Exception {
        if (invoker != null) {
            invoker.close();
        }
    }

    @Test
    void healthAnswers200WithTheContractVersionHeader() throws Exception {
        HttpResponse<String> response = send(HttpRequest.newBuilder(invoker.uri("/health")).GET());
        assertEquals(200, response.statusCode(), invoker.output());
        assertEquals("1", response.headers().firstValue("X-Runtime-Contract-Version").orElse(null));
        assertEquals("healthy", JSON.readTree(response.body()).path("status").asText());
    }

    @Test
    void invokeAnswersWithTheAgentsOutput() throws Exception {
        HttpResponse<String> response = send(post("/invoke", "{\"input\":\"hello there\"}"));
        assertEquals(200, response.statusCode(), response.body());
        JsonNode body = JSON.readTree(response.body());
        assertTrue(body.path("output").asText().contains("hello there"), response.body());
        assertEquals(body.path("session_id").asText(), response.headers().firstValue("X-Session-Id").orElse(null));
        assertEquals(String.valueOf(response.body().getBytes(StandardCharsets.UTF_8).length),
                response.headers().firstValue("Content-Length").orElse(null), "a known body is not sent chunked");
    }

    @Test
    void streamSendsTheFirstDeltaLongBeforeTheStreamEnds() throws Exception {
        HttpResponse<Stream<String>> response = client.send(
                post("/stream", "{\"input\":\"one two three four five six seven eight\"}").build(),
                HttpResponse.BodyHandlers.ofLines());
        assertEquals(200, response.statusCode());
        long firstDelta = 0;
        long done = 0;
        try (Stream<String> lines = response.body()) {
            Iterator<String> it = lines.iterator();
            while (it.hasNext()) {
                String line = it.next();
                if (firstDelta == 0 && line.startsWith("data: {\"delta\"")) {
                    firstDelta = System.nanoTime();
                }
                if (line.equals("data: [DONE]")) {
                    done = System.nanoTime();
                }
            }
        }
        assertTrue(firstDelta > 0, "no delta event arrived");
        assertTrue(done > 0, "the stream did not end with data: [DONE]");
        // About fifteen words follow the first one, each after WORD_DELAY_MS. Had the response been buffered, every
        // line would have arrived together; streamed, the first delta is at least several word delays ahead.
        long aheadMs = (done - firstDelta) / 1_000_000;
        assertTrue(aheadMs >= 5 * WORD_DELAY_MS, "first delta only " + aheadMs + " ms before [DONE]");
    }

    @Test
    void clientLeavingMidStreamStopsTheStreamQuietly() throws Exception {
        String body = "{\"input\":\"" + "word ".repeat(40).strip() + "\"}";
        try (Socket socket = new Socket("127.0.0.1", invoker.uri("/").getPort())) {
            socket.getOutputStream().write(("POST /stream HTTP/1.1\r\nHost: localhost\r\n"
                    + "Content-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n" + body)
                    .getBytes(StandardCharsets.US_ASCII));
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.UTF_8));
            String line;
            do {
                line = in.readLine();
            } while (line != null && !line.startsWith("data: {\"delta\""));
            assertNotNull(line, "the stream ended before its first delta");
        }
        // Forty words take six seconds; the adapter must see the broken connection well before that.
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!invoker.output().contains("client left during an event stream") && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertTrue(invoker.output().contains("client left during an event stream"), invoker.output());
        assertFalse(invoker.output().contains("SEVERE"), invoker.output());
    }

    @Test
    void streamKeepsItsSseHeadersAlthoughTheBodyIsFlushedEarly() throws Exception {
        HttpResponse<String> response = send(post("/stream", "{\"input\":\"hi\"}"));
        assertEquals(200, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"),
                response.headers().toString());
        assertEquals("no-cache", response.headers().firstValue("Cache-Control").orElse(null));
        assertEquals("no", response.headers().firstValue("X-Accel-Buffering").orElse(null));
        assertEquals("1", response.headers().firstValue("X-Runtime-Contract-Version").orElse(null));
        assertNotNull(response.headers().firstValue("X-Session-Id").orElse(null));
        assertTrue(response.body().endsWith("data: [DONE]\n\n"), response.body());
    }

    @Test
    void bodyOverTheLimitGets413InTheEnvelope() throws Exception {
        String big = "{\"input\":\"" + "x".repeat(MAX_BODY_BYTES * 2) + "\"}";
        HttpResponse<String> response = send(post("/invoke", big));
        assertEquals(413, response.statusCode(), response.body());
        assertEquals("PAYLOAD_TOO_LARGE", JSON.readTree(response.body()).path("error").path("code").asText());
    }

    @Test
    void malformedJsonGets400InTheEnvelope() throws Exception {
        HttpResponse<String> response = send(post("/invoke", "{\"input\":"));
        assertEquals(400, response.statusCode(), response.body());
        JsonNode body = JSON.readTree(response.body());
        assertEquals("INVALID_JSON", body.path("error").path("code").asText());
        assertTrue(body.path("trace_id").isTextual(), response.body());
    }

    @Test
    void unknownPathGets404InTheEnvelope() throws Exception {
        HttpResponse<String> response = send(HttpRequest.newBuilder(invoker.uri("/nope")).GET());
        assertEquals(404, response.statusCode(), response.body());
        assertEquals("NOT_FOUND", JSON.readTree(response.body()).path("error").path("code").asText());
    }

    @Test
    void a_body_cut_short_by_a_client_that_stopped_sending_is_400_malformed_request() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", invoker.uri("/").getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("POST /invoke HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 100\r\n\r\n{\"input\":").getBytes(StandardCharsets.US_ASCII));
            socket.shutdownOutput();
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 400 "), answer);
            assertTrue(answer.contains("\"code\":\"MALFORMED_REQUEST\""), answer);
        }
    }

    private static HttpRequest.Builder post(String path, String json) {
        return HttpRequest.newBuilder(invoker.uri(path))
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString(json));
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
