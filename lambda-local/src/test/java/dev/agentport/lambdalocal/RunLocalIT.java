package dev.agentport.lambdalocal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code PORT=... LAMBDA_MODE=... adapter-lambda/run-local} with the adapter's real zips: the default agent answers
 * /health, /invoke and /stream; in streaming mode the SSE deltas arrive before the result; SIGTERM stops the whole
 * process tree; every line on stdout is one JSON object.
 */
@Timeout(180)
class RunLocalIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WORD_DELAY = Duration.ofMillis(100);

    @ParameterizedTest(name = "LAMBDA_MODE={0}")
    @ValueSource(strings = {"buffered", "streaming"})
    void runLocalServesTheDefaultAgentAndStopsItsChildrenOnSigterm(String mode) throws Exception {
        Path repo = TestSupport.repoRoot();
        Path zip = repo.resolve(mode.equals("buffered") ? "adapter-lambda/target/agentport-lambda.zip"
                : "adapter-lambda/target/agentport-lambda-streaming.zip");
        assumeTrue(Files.isRegularFile(zip), "skipped: " + zip + " is not built (run ./mvnw package -pl adapter-lambda)");
        assumeTrue(Files.isRegularFile(repo.resolve("lambda-local/target/lambda-local.jar")),
                "skipped: lambda-local.jar is not built");

        int port = freePort();
        Path log = Files.createTempFile("run-local-" + mode + "-", ".log");
        Path errors = Files.createTempFile("run-local-" + mode + "-", ".err");
        ProcessBuilder builder = new ProcessBuilder(repo.resolve("adapter-lambda/run-local").toString())
                .redirectError(errors.toFile()).redirectOutput(log.toFile());
        builder.environment().put("PORT", Integer.toString(port));
        builder.environment().put("LAMBDA_MODE", mode);
        builder.environment().put("DEFAULT_AGENT_WORD_DELAY_MS", Long.toString(WORD_DELAY.toMillis()));
        Process runLocal = builder.start();
        try {
            awaitHealthy(port, runLocal, log);
            invoke(port);
            long gapMillis = streamGapFromFirstDeltaToResult(port);
            if (mode.equals("streaming")) {
                assertTrue(gapMillis >= 3 * WORD_DELAY.toMillis(),
                        "deltas must arrive while the agent is still writing; gap was " + gapMillis + " ms");
            }
            List<ProcessHandle> tree = runLocal.descendants().toList();
            assertTrue(!tree.isEmpty(), "the function runs as a child process");
            runLocal.destroy();
            assertTrue(runLocal.waitFor(20, TimeUnit.SECONDS), "run-local stops on SIGTERM");
            for (ProcessHandle child : tree) {
                child.onExit().get(10, TimeUnit.SECONDS);
                assertTrue(!child.isAlive(), "child " + child.pid() + " stopped with run-local");
            }
            assertEveryLineIsAJsonObject(Files.readAllLines(log));
        } finally {
            runLocal.descendants().forEach(ProcessHandle::destroyForcibly);
            runLocal.destroyForcibly();
            Files.deleteIfExists(log);
            Files.deleteIfExists(errors);
        }
    }

    /** Every line on stdout, lambda-local's own, Helidon's and the function's, is one JSON object. */
    private static void assertEveryLineIsAJsonObject(List<String> stdout) {
        assertTrue(stdout.stream().anyMatch(line -> line.contains("lambda-local")), "lambda-local logs: " + stdout);
        for (String line : stdout) {
            try {
                assertTrue(JSON.readTree(line).isObject(), line);
            } catch (java.io.IOException notJson) {
                throw new AssertionError("not a JSON line on stdout: " + line);
            }
        }
    }

    private static void awaitHealthy(int port, Process runLocal, Path log) throws Exception {
        long until = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < until) {
            if (!runLocal.isAlive()) {
                throw new AssertionError("run-local exited: " + Files.readString(log));
            }
            try {
                HttpResponse<String> health = TestSupport.get(port, "/health");
                if (health.statusCode() == 200) {
                    assertEquals("healthy", JSON.readTree(health.body()).get("status").asText());
                    return;
                }
            } catch (java.io.IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no healthy /health within 90 s: " + Files.readString(log));
    }

    private static void invoke(int port) throws Exception {
        HttpResponse<String> response = TestSupport.CLIENT.send(post(port, "/invoke"), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
        JsonNode body = JSON.readTree(response.body());
        assertTrue(body.get("output").asText().contains("hello lambda"), response.body());
    }

    /** Reads /stream line by line: the first delta must come before the result; returns the time between them. */
    private static long streamGapFromFirstDeltaToResult(int port) throws Exception {
        HttpResponse<InputStream> response = TestSupport.CLIENT.send(post(port, "/stream"),
                HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, response.statusCode());
        assertTrue(response.headers().firstValue("content-type").orElse("").startsWith("text/event-stream"));
        long firstDelta = -1;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.startsWith("data: {\"delta\"") && firstDelta < 0) {
                    firstDelta = System.nanoTime();
                }
                if (line.equals("event: result")) {
                    assertTrue(firstDelta >= 0, "a delta arrives before the result");
                    return (System.nanoTime() - firstDelta) / 1_000_000;
                }
            }
        }
        throw new AssertionError("no 'event: result' in the stream");
    }

    private static HttpRequest post(int port, String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString(
                        "{\"input\":{\"message\":\"hello lambda, one two three four five six\"}}"))
                .build();
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
