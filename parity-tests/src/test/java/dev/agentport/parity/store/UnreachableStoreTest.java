package dev.agentport.parity.store;

import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A server whose Redis cannot be reached does not start: one line naming the store, and never its password. */
class UnreachableStoreTest {

    @Test
    void a_server_whose_store_cannot_be_reached_stops_with_one_line_and_exit_code_3() throws Exception {
        int closed;
        try (ServerSocket free = new ServerSocket(0)) {
            closed = free.getLocalPort();
        }
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", SharedStore.ROOT.resolve("adapter-helidon/target/agentport-server.jar").toString())
                .redirectErrorStream(true);
        builder.environment().keySet().removeIf(name -> name.startsWith("AGENT_"));
        builder.environment().put("PORT", "0");
        builder.environment().put("AGENT_STATE_STORE", "redis://127.0.0.1:" + closed);
        builder.environment().put("AGENT_STATE_STORE_PASSWORD", "s3cret-store-pw");
        Process process = builder.start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the server stops");
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(3, process.exitValue(), output);
        String line = output.lines().filter(l -> l.startsWith("agentport: ")).findFirst().orElse("");
        assertTrue(line.startsWith("agentport: the Redis state store at redis://127.0.0.1:" + closed + "/0 "),
                output);
        assertFalse(output.contains("s3cret-store-pw"), output);
        assertFalse(output.contains("\tat "), "no stack trace: " + output);
    }
}
