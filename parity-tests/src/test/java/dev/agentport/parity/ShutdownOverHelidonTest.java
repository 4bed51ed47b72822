package dev.agentport.parity;

import dev.agentport.contract.HttpTarget;
import dev.agentport.contract.ShutdownCases;
import dev.agentport.contract.ShutdownSuite;
import dev.agentport.parity.interop.ServerJar;
import dev.agentport.testing.HangingAgent;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The packaged Helidon server stopped with SIGTERM while a call of every face is running on an agent that hangs: each
 * call ends with its face's shutting-down shape (for MCP, a JSON-RPC error on the open stream), then the process exits
 * 0 within the grace period and the moment cut runs get to write their last event.
 */
class ShutdownOverHelidonTest {

    @Test
    void on_sigterm_every_running_call_ends_in_its_faces_shutting_down_shape_and_the_server_exits_0()
            throws Exception {
        Path root = Path.of(System.getProperty("agentport.root", "..")).toAbsolutePath().normalize();
        Path agent = PluggedAgent.jar(Files.createTempDirectory("agentport-hanging-agent-"), HangingAgent.class);
        try (ServerJar server = ServerJar.start(root, List.of(agent), ShutdownCases.ENV)) {
            HttpTarget target = new HttpTarget("helidon", server.baseUrl, true);
            int[] exit = {-1};
            ShutdownSuite.assertEveryCallEndsInItsShape(target, ShutdownCases.all(), runs -> {
                Thread.sleep(1500); // the agent blocks at once: by now every run is in progress
                exit[0] = server.terminate(Duration.ofSeconds(ShutdownCases.GRACE_SECONDS + 10));
            });
            assertEquals(0, exit[0], server.output());
        }
    }
}
