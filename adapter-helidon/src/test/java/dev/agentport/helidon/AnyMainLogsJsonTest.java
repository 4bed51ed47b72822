package dev.agentport.helidon;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentport.helidon.example.GreeterServer;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A user's own main that only calls AgentPortServer.builder()...start() logs JSON lines, Helidon's own included. */
class AnyMainLogsJsonTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void a_users_own_main_logs_one_json_object_per_line_and_nothing_as_plain_text() throws Exception {
        try (ServerProcess server = ServerProcess.start(List.of(ServerProcess.JAVA.toString(), "-cp",
                System.getProperty("java.class.path"), GreeterServer.class.getName()), Map.of("PORT", "0"))) {
            server.awaitLine("listening on port", 60);
            List<String> stdout = server.stopAndCollect();
            assertOnlyJsonObjects(stdout);
            assertTrue(stdout.stream().anyMatch(line -> line.contains("\"logger_name\":\"io.helidon")),
                    "Helidon's own log lines are missing: " + stdout);
            assertEquals(List.of(), server.stderrLines());
        }
    }

    static void assertOnlyJsonObjects(List<String> lines) {
        for (String line : lines) {
            JsonNode parsed;
            try {
                parsed = JSON.readTree(line);
            } catch (Exception e) {
                throw new AssertionError("not JSON: " + line, e);
            }
            assertTrue(parsed != null && parsed.isObject(), "not a JSON object: " + line);
        }
    }
}
