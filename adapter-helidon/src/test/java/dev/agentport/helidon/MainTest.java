package dev.agentport.helidon;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code java -jar agentport-server.jar} in a child JVM, with its own environment. */
class MainTest {

    @Test
    void an_invalid_log_level_stops_start_up_with_one_line_naming_the_variable_and_the_allowed_values()
            throws Exception {
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName());
        builder.environment().keySet().removeIf(name -> name.startsWith("AGENT_") || name.startsWith("OTEL_"));
        builder.environment().put("LOG_LEVEL", "LOUD");
        builder.environment().put("PORT", "0");
        Process process = builder.start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the server stopped by itself");
        String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

        assertEquals(2, process.exitValue(), stderr);
        assertEquals("agentport: LOG_LEVEL must be one of TRACE, DEBUG, INFO, WARN, ERROR, OFF, got 'LOUD'",
                stderr.strip());
    }
}
