package dev.agentport.lambdalocal;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A runtime process that exits before it ever asks for an invocation failed its init, as Lambda reports it: the
 * request that waits for it gets {@code Runtime.ExitError} at once, and the next init comes only with the next
 * request, not in a loop of restarts.
 */
@Timeout(60)
class RuntimeExitRulesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    private LambdaLocal local;

    @AfterEach
    void stop() {
        if (local != null) {
            local.close();
        }
    }

    /** Starts lambda-local with a "runtime" that notes each start in a file and exits with status 3. */
    private Path startWithARuntimeThatExitsAtOnce() throws Exception {
        Path starts = dir.resolve("starts");
        Files.createFile(starts);
        LocalSettings settings = TestSupport.settings(Map.of("LAMBDA_TIMEOUT_SECONDS", "30"));
        FunctionLaunch launch = new FunctionLaunch(List.of("sh", "-c", "echo started >> starts; exit 3"), dir,
                Map.of());
        local = LambdaLocal.start(settings, runtimeApi -> launch);
        return starts;
    }

    @Test
    void aRuntimeThatExitsInItsInitFailsTheWaitingRequestWithRuntimeExitErrorAtOnce() throws Exception {
        startWithARuntimeThatExitsAtOnce();
        long started = System.nanoTime();
        HttpResponse<String> response = TestSupport.get(local.port(), "/");
        long waitedMs = (System.nanoTime() - started) / 1_000_000;
        assertEquals(502, response.statusCode());
        assertEquals("Runtime.ExitError", JSON.readTree(response.body()).get("errorType").asText(),
                "after " + waitedMs + " ms: " + response.body());
        // "at once": well before the pickup wait (the 30 s timeout + 10 s) would have failed it, with room for a
        // loaded machine
        assertTrue(waitedMs < 10_000, "the request waited " + waitedMs + " ms of the 40 s pickup wait");
    }

    @Test
    void aRuntimeThatExitsInItsInitIsStartedAgainOnlyForTheNextRequest() throws Exception {
        Path starts = startWithARuntimeThatExitsAtOnce();
        assertEquals(502, TestSupport.get(local.port(), "/").statusCode());
        Thread.sleep(1_500);
        long afterFirst = Files.readAllLines(dir.resolve(starts)).size();
        Thread.sleep(1_500);
        assertEquals(afterFirst, Files.readAllLines(starts).size(), "no start without a request");
        assertEquals(502, TestSupport.get(local.port(), "/again").statusCode());
        assertEquals(afterFirst + 1, Files.readAllLines(starts).size());
    }
}
