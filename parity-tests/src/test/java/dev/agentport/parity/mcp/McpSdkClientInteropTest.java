package dev.agentport.parity.mcp;

import dev.agentport.parity.interop.NodeProject;
import dev.agentport.parity.interop.ServerJar;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The official MCP TypeScript SDK's client ({@code @modelcontextprotocol/sdk}, pinned in
 * {@code interop/mcp/package-lock.json}) against the packaged Helidon server's {@code /mcp}, as a Pallas-style host
 * uses it ({@code interop/mcp/src/client/checks.mjs}): initialize, list the tools, call {@code send_message} with a
 * progress token and receive the notifications, call {@code get_health}, end the session. Once with sessions kept in
 * the store and once stateless, each against a server started in that mode.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpSdkClientInteropTest {

    private final Path root = Path.of(System.getProperty("agentport.root", "..")).toAbsolutePath().normalize();
    private final NodeProject mcp = McpSettings.nodeProject(root, "the MCP SDK client check");
    private String node;

    @BeforeAll
    void installTheSdk() {
        node = mcp.ensureInstalled();
    }

    @Test
    void the_sdk_client_completes_every_call_with_sessions() throws Exception {
        assertEveryCallPasses("sessions", McpSettings.SESSIONS);
    }

    @Test
    void the_sdk_client_completes_every_call_stateless() throws Exception {
        assertEveryCallPasses("stateless", McpSettings.STATELESS);
    }

    private void assertEveryCallPasses(String mode, Map<String, String> settings) throws Exception {
        try (ServerJar server = ServerJar.start(root, settings)) {
            NodeProject.Result run = mcp.run(node, Duration.ofMinutes(2), "src/client/main.mjs",
                    server.mcpUrl(), mode);
            assertEquals(0, run.exitCode(), () -> "the SDK client check failed in " + mode + " mode:\n"
                    + run.output() + "\n--- server log ---\n" + server.output());
            assertTrue(run.output().strip().endsWith(" 0 failed"), run.output());
        }
    }
}
