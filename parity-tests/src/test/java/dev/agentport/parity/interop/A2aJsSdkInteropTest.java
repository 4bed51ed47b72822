package dev.agentport.parity.interop;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The official A2A JavaScript SDK's client ({@code @a2a-js/sdk}, pinned in {@code interop/a2a-js/package-lock.json})
 * against the packaged Helidon server, over JSON-RPC in each protocol version and over A2A 1.0's HTTP+JSON binding
 * (the SDK's {@code RestTransportFactory}): it reads the card, sends, streams, gets a task with historyLength, cancels
 * a running task and answers a paused one ({@code interop/a2a-js/src/checks.mjs}); in 0.3 mode also as a client that
 * knows only 0.3 and reads the card's top-level {@code url}; over HTTP+JSON also under a tenant prefix, a list and a
 * subscription. The default
 * agent streams a word every 25 ms, so the long input of the cancel check runs for seconds.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class A2aJsSdkInteropTest {

    private final Path root = Path.of(System.getProperty("agentport.root", "..")).toAbsolutePath().normalize();
    private final NodeProject node = new NodeProject(root, "interop/a2a-js", List.of("@a2a-js/sdk"), 20,
            "the A2A JavaScript SDK interop check");
    private String nodeBinary;
    private ServerJar server;

    @BeforeAll
    void installTheSdkAndStartTheServerJar() throws Exception {
        nodeBinary = node.ensureInstalled();
        server = ServerJar.start(root, Map.of("DEFAULT_AGENT_WORD_DELAY_MS", "25"));
    }

    @AfterAll
    void stopTheServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void the_js_sdk_client_completes_every_call_over_a2a_1_0() {
        assertEveryCallPasses("1.0");
    }

    @Test
    void the_js_sdk_client_completes_every_call_over_a2a_0_3_with_its_compat_layer() {
        assertEveryCallPasses("0.3");
    }

    @Test
    void the_js_sdk_rest_transport_completes_every_call_over_http_json() {
        assertEveryCallPasses("rest");
    }

    private void assertEveryCallPasses(String mode) {
        NodeProject.Result run = node.run(nodeBinary, Duration.ofMinutes(3), "src/main.mjs", server.baseUrl, mode);
        assertEquals(0, run.exitCode(), () -> "the interop check failed in " + mode + " mode:\n" + run.output()
                + "\n--- server log ---\n" + server.output());
        assertTrue(run.output().strip().endsWith(" 0 failed"), run.output());
    }
}
