package dev.agentport.lambdalocal;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How {@code adapter-lambda/run-local} fails to start: clearly, naming the cause, without looping. */
@Timeout(180)
class RunLocalStartUpIT {

    @Test
    void aPortInUseStopsRunLocalWithOneLineNamingThePortAndANonZeroExit() throws Exception {
        RunLocalProcess.assumeBuilt("buffered");
        try (ServerSocket taken = new ServerSocket(0);
             RunLocalProcess runLocal = RunLocalProcess.start(taken.getLocalPort(), "buffered", Map.of())) {
            assertTrue(runLocal.process.waitFor(60, TimeUnit.SECONDS), "run-local keeps running: " + runLocal.output());
            assertNotEquals(0, runLocal.process.exitValue(), runLocal.output());
            String output = runLocal.output();
            String line = runLocal.stderr().lines().filter(text -> text.startsWith("lambda-local:")).findFirst()
                    .orElseThrow(() -> new AssertionError("no lambda-local line on stderr: " + output));
            assertTrue(line.contains("port " + taken.getLocalPort()), line);
        }
    }

    @ParameterizedTest(name = "LAMBDA_MODE={0}")
    @ValueSource(strings = {"buffered", "streaming"})
    void anInvalidSettingIsA502NamingTheVariableAndTheInitIsRetriedOnlyForTheNextRequest(String mode)
            throws Exception {
        RunLocalProcess.assumeBuilt(mode);
        try (RunLocalProcess runLocal = RunLocalProcess.start(RunLocalProcess.freePort(), mode,
                Map.of("AGENT_MAX_BODY_BYTES", "-5")).awaitListening()) {
            HttpResponse<String> first = TestSupport.get(runLocal.port, "/health");
            assertEquals(502, first.statusCode(), first.body());
            assertTrue(first.body().contains("AGENT_MAX_BODY_BYTES"), first.body());
            assertTrue(runLocal.stdout().lines().anyMatch(line -> line.startsWith("{")
                    && line.contains("agentport cannot start: AGENT_MAX_BODY_BYTES")),
                    "the function logs one JSON line naming the variable: " + runLocal.output());

            long initsBefore = initErrors(runLocal);
            Thread.sleep(3000);
            assertEquals(initsBefore, initErrors(runLocal), "no re-initialisation without a request: "
                    + runLocal.output());

            HttpResponse<String> second = TestSupport.get(runLocal.port, "/health");
            assertEquals(502, second.statusCode(), second.body());
            assertTrue(second.body().contains("AGENT_MAX_BODY_BYTES"), second.body());
        }
    }

    @ParameterizedTest(name = "LAMBDA_MODE={0}")
    @ValueSource(strings = {"buffered", "streaming"})
    void anUnreachableStateStoreIsA502NamingTheStoreInOneLineWithoutItsPassword(String mode) throws Exception {
        RunLocalProcess.assumeBuilt(mode);
        int nobody = RunLocalProcess.freePort();
        try (RunLocalProcess runLocal = RunLocalProcess.start(RunLocalProcess.freePort(), mode,
                Map.of("AGENT_STATE_STORE", "redis://127.0.0.1:" + nobody,
                        "AGENT_STATE_STORE_PASSWORD", "s3cret-store-pw")).awaitListening()) {
            HttpResponse<String> first = TestSupport.get(runLocal.port, "/health");
            assertEquals(502, first.statusCode(), first.body());
            assertTrue(first.body().contains("redis://127.0.0.1:" + nobody), first.body());
            assertTrue(runLocal.stdout().lines().anyMatch(line -> line.startsWith("{")
                    && line.contains("agentport cannot start: ") && line.contains("127.0.0.1:" + nobody)
                    && !line.contains("stack_trace")),
                    "the function logs one JSON line naming the store: " + runLocal.output());
            assertFalse(runLocal.output().contains("s3cret-store-pw"), runLocal.output());
        }
    }

    private static long initErrors(RunLocalProcess runLocal) throws Exception {
        return (runLocal.stdout() + runLocal.stderr()).lines().filter(line -> line.contains("function init error"))
                .count();
    }
}
