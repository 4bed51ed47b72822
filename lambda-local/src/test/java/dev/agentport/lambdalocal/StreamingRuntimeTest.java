package dev.agentport.lambdalocal;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentport.lambdalocal.testfunctions.TinyStreamingRuntime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The streaming Runtime API end to end: a tiny custom runtime of our own, started through a {@code bootstrap}
 * script like the real one, streams chunked responses that the front relays as they arrive.
 */
@Timeout(120)
class StreamingRuntimeTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static Path taskRoot;
    private static LambdaLocal local;

    @BeforeAll
    static void start() throws Exception {
        taskRoot = Files.createTempDirectory("tiny-runtime-");
        Path bootstrap = taskRoot.resolve("bootstrap");
        Files.writeString(bootstrap, "#!/bin/sh\nexec java -cp '" + TestSupport.testClasses() + "' "
                + TinyStreamingRuntime.class.getName() + "\n");
        Files.setPosixFilePermissions(bootstrap, PosixFilePermissions.fromString("rwxr-xr-x"));
        LocalSettings settings = TestSupport.settings(Map.of("LAMBDA_MODE", "streaming"));
        local = LambdaLocal.start(settings, runtimeApi -> Launches.forMode(settings, taskRoot, runtimeApi,
                TestSupport.javaHome(), Map.of("PATH", "/usr/bin:/bin")));
    }

    @AfterAll
    static void stop() throws Exception {
        if (local != null) {
            local.close();
        }
        try (var files = Files.walk(taskRoot)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }

    @Test
    void theFirstChunkReachesTheClientBeforeTheFunctionWritesTheSecond() throws Exception {
        Path gate = Files.createTempFile("gate-", ".flag");
        Files.delete(gate);
        HttpResponse<java.io.InputStream> response = TestSupport.CLIENT.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + local.port() + "/gated"))
                .header("x-gate", gate.toString()).build(), HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(207, response.statusCode());
        assertEquals("text/event-stream", response.headers().firstValue("content-type").orElseThrow());
        assertEquals("yes", response.headers().firstValue("x-tiny").orElseThrow());
        assertEquals(List.of("s=1; Path=/"), response.headers().allValues("set-cookie"));
        try (BufferedReader body = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            assertEquals("data: first", body.readLine());
            assertFalse(Files.exists(gate), "the function must still be waiting for the gate");
            Files.createFile(gate);
            assertEquals("", body.readLine());
            assertEquals("data: second", body.readLine());
        } finally {
            Files.deleteIfExists(gate);
        }
    }

    @Test
    void withoutAPreludeTheStatusIs200AndTheFunctionsContentTypeIsKept() throws Exception {
        HttpResponse<String> response = TestSupport.get(local.port(), "/raw");
        assertEquals(200, response.statusCode());
        assertEquals("text/plain", response.headers().firstValue("content-type").orElseThrow());
        assertEquals("plain text, no prelude", response.body());
    }

    @Test
    void anErrorBeforeTheStreamStartsIsA502() throws Exception {
        HttpResponse<String> response = TestSupport.get(local.port(), "/fail-early");
        assertEquals(502, response.statusCode());
        assertEquals("TinyError", JSON.readTree(response.body()).get("errorType").asText());
    }

    @Test
    void errorTrailersEndTheStreamAfterWhatWasSent() throws Exception {
        HttpResponse<String> response = TestSupport.get(local.port(), "/fail-midway");
        assertEquals(200, response.statusCode());
        assertEquals("partial", response.body());
    }
}
