package dev.agentport.parity.interop;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The playground page in headless Chromium (the machine's own, driven by {@code playwright-core}, pinned in
 * {@code interop/playground/package-lock.json}) against the packaged Helidon server with a token: a refused call
 * without it, a chat turn, a stream, an approval and its resume on AgentBreeder, A2A and MCP, Daedalus turns, and
 * the cards and documents ({@code interop/playground/src/main.mjs}). Without Chromium it is skipped, except on CI.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PlaygroundBrowserTest {

    private static final String TOKEN = "playground-s3cret";

    private final Path root = Path.of(System.getProperty("agentport.root", "..")).toAbsolutePath().normalize();
    private final NodeProject node = new NodeProject(root, "interop/playground", List.of("playwright-core"), 20,
            "the playground's browser check");
    private String nodeBinary;
    private String browser;
    private ServerJar server;

    @BeforeAll
    void findChromiumAndStartTheServerJar() throws Exception {
        Optional<Path> chromium = onPath("chromium", "chromium-browser");
        NodeProject.require(chromium.isPresent(), System.getenv(),
                "Chromium is not installed: the playground's browser check needs it (apt-get install chromium)");
        browser = chromium.orElseThrow().toString();
        nodeBinary = node.ensureInstalled();
        server = ServerJar.start(root, Map.of("AGENT_PLAYGROUND", "true", "AGENT_AUTH_TOKEN", TOKEN,
                "DEFAULT_AGENT_WORD_DELAY_MS", "10"));
    }

    @AfterAll
    void stopTheServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void the_playground_chats_streams_resumes_and_shows_the_cards_in_chromium() {
        NodeProject.Result run = node.run(nodeBinary, Duration.ofMinutes(3), "src/main.mjs", server.baseUrl, TOKEN,
                browser);
        assertEquals(0, run.exitCode(), () -> "the playground's browser check failed:\n" + run.output()
                + "\n--- server log ---\n" + server.output());
        assertTrue(run.output().strip().endsWith(" 0 failed"), run.output());
    }

    private static Optional<Path> onPath(String... names) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .flatMap(folder -> Stream.of(names).map(name -> Path.of(folder, name)))
                .filter(Files::isExecutable)
                .findFirst();
    }
}
