package dev.agentport.gcf;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code adapter-gcf/run-local} as a user starts it: how it fails to start, and what it writes on stdout. */
@Timeout(180)
class RunLocalIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path REPO = Path.of(System.getProperty("gcf.repo.root", "..")).toAbsolutePath().normalize();

    @Test
    void aPortThatIsNotANumberStopsRunLocalWithOneLineNamingPort() throws Exception {
        Result result = runToEnd(Map.of("PORT", "abc"));
        assertNotEquals(0, result.exit);
        assertEquals(1, result.stderr.size(), result.stderr.toString());
        assertTrue(result.stderr.get(0).contains("PORT"), result.stderr.get(0));
    }

    @Test
    void aPortInUseStopsRunLocalWithOneLineNamingThePort() throws Exception {
        try (ServerSocket taken = new ServerSocket(0)) {
            Result result = runToEnd(Map.of("PORT", Integer.toString(taken.getLocalPort())));
            assertNotEquals(0, result.exit);
            assertEquals(1, result.stderr.size(), result.stderr.toString());
            assertTrue(result.stderr.get(0).contains("port " + taken.getLocalPort()), result.stderr.get(0));
        }
    }

    @Test
    void everyLineOnStdoutIsAJsonObjectTheInvokersAndJettysIncluded() throws Exception {
        assumeBuilt();
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path stdout = Files.createTempFile("gcf-run-local-", ".out");
        Process runLocal = start(Map.of("PORT", Integer.toString(port)), stdout, ProcessBuilder.Redirect.DISCARD);
        try {
            awaitListening(port, runLocal);
            HttpClient client = HttpClient.newHttpClient();
            HttpResponse<String> stream = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                            + "/stream")).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"input\":\"hi\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, stream.statusCode());
            runLocal.destroy();
            assertTrue(runLocal.waitFor(20, TimeUnit.SECONDS), "run-local stops on SIGTERM");

            List<String> lines = Files.readAllLines(stdout);
            assertTrue(lines.stream().anyMatch(line -> line.contains("org.eclipse.jetty")), "Jetty logs: " + lines);
            for (String line : lines) {
                try {
                    assertTrue(JSON.readTree(line).isObject(), line);
                } catch (IOException notJson) {
                    throw new AssertionError("not a JSON line on stdout: " + line);
                }
            }
        } finally {
            runLocal.destroyForcibly();
            Files.deleteIfExists(stdout);
        }
    }

    private record Result(int exit, List<String> stderr) {
    }

    private static Result runToEnd(Map<String, String> env) throws Exception {
        Path stderr = Files.createTempFile("gcf-run-local-", ".err");
        try {
            Process process = start(env, ProcessBuilder.Redirect.DISCARD.file().toPath(),
                    ProcessBuilder.Redirect.to(stderr.toFile()));
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "run-local keeps running");
            return new Result(process.exitValue(), Files.readAllLines(stderr));
        } finally {
            Files.deleteIfExists(stderr);
        }
    }

    private static Process start(Map<String, String> env, Path stdout, ProcessBuilder.Redirect stderr)
            throws IOException {
        ProcessBuilder builder = new ProcessBuilder(REPO.resolve("adapter-gcf/run-local").toString())
                .redirectOutput(stdout.toFile()).redirectError(stderr);
        builder.environment().keySet().removeIf(name -> name.startsWith("AGENT_")
                || name.startsWith("DEFAULT_AGENT_") || name.equals("JAVA_OPTS"));
        builder.environment().putAll(env);
        return builder.start();
    }

    private static void awaitListening(int port, Process runLocal) throws Exception {
        long until = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < until) {
            assertTrue(runLocal.isAlive(), "run-local exited with " + (runLocal.isAlive() ? "" : runLocal.exitValue()));
            try (Socket ignored = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("run-local did not listen within 90 s");
    }

    private static void assumeBuilt() {
        assumeTrue(Files.isRegularFile(REPO.resolve("adapter-gcf/target/agentport-gcf.jar")),
                "skipped: agentport-gcf.jar is not built");
    }
}
