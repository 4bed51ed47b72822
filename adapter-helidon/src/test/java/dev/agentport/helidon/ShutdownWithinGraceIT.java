package dev.agentport.helidon;

import org.junit.jupiter.api.Test;

import java.net.Socket;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SIGTERM on the packaged server while a run is in progress that needs less than the grace period. */
class ShutdownWithinGraceIT {

    @Test
    void a_run_that_finishes_within_the_grace_completes_normally() throws Exception {
        try (PackagedServer shortRun = PackagedServer.start(Map.of(
                "AGENT_SHUTDOWN_GRACE_SECONDS", "10",
                "DEFAULT_AGENT_WORD_DELAY_MS", "25"))) {
            // About 100 words at 25 ms: some 2.5 s, well inside the grace.
            Socket socket = RawHttp.post(shortRun.port, "/stream",
                    "{\"input\":\"" + "word ".repeat(90).strip() + "\"}");
            CompletableFuture<RawHttp.Response> stream = RawHttp.readOnceUnderWay(socket, "{\"delta\"");
            shortRun.sigterm();
            RawHttp.Response answer = stream.get(20, TimeUnit.SECONDS);
            assertEquals(200, answer.status());
            assertTrue(answer.body().contains("event: result\n"), answer.body());
            assertTrue(answer.body().contains("This is turn 1 of this session."), answer.body());
            assertFalse(answer.body().contains("event: error"), answer.body());
            assertTrue(answer.body().endsWith("data: [DONE]\n\n"), answer.body());
            assertTrue(answer.rawBodyText().endsWith("\r\n0\r\n\r\n"), answer.rawBodyText());
            assertEquals(0, shortRun.awaitExit(Duration.ofSeconds(15)), shortRun.output());
        }
    }
}
