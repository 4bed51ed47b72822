package dev.agentport.store.redis;

import org.junit.jupiter.api.Assumptions;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real {@code redis-server} on a free loopback port, in a temporary folder, keeping nothing on disk. Tests that need
 * one are skipped when the binary is not installed, except in CI ({@code AGENTPORT_CI=1} or {@code CI=true}), where
 * they fail.
 */
public final class RedisServer implements AutoCloseable {

    private final List<String> extraArguments;
    private final Path folder;
    public final int port;
    private Process process;

    private RedisServer(int port, Path folder, List<String> extraArguments) {
        this.port = port;
        this.folder = folder;
        this.extraArguments = extraArguments;
    }

    /** Starts a server; {@code extraArguments} such as {@code --requirepass secret}. */
    public static RedisServer start(String... extraArguments) throws Exception {
        requireBinary();
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        RedisServer server = new RedisServer(port, Files.createTempDirectory("agentport-redis-"),
                List.of(extraArguments));
        server.restart();
        return server;
    }

    /** Whether {@code redis-server} is on the PATH; without it a test is skipped, or fails in CI. */
    public static void requireBinary() {
        boolean present = Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, "redis-server")));
        if (present) {
            return;
        }
        String message = "redis-server is not installed: the Redis store's tests need it (apt-get install redis-server)";
        if ("1".equals(System.getenv("AGENTPORT_CI")) || "true".equals(System.getenv("CI"))) {
            throw new AssertionError(message);
        }
        Assumptions.abort(message);
    }

    public String uri() {
        return "redis://127.0.0.1:" + port;
    }

    /** Starts the server again on the same port, empty. */
    public void restart() throws Exception {
        List<String> command = new ArrayList<>(List.of("redis-server", "--port", String.valueOf(port),
                "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", folder.toString()));
        command.addAll(extraArguments);
        process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(folder.resolve("redis.log").toFile()).start();
        Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("redis-server exited:\n" + Files.readString(folder.resolve("redis.log")));
            }
            try (Socket ignored = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException notYet) {
                Thread.sleep(20);
            }
        }
        throw new IllegalStateException("redis-server did not listen on " + port);
    }

    /** Stops the server at once, as a crash would. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws Exception {
        kill();
        try (var files = Files.walk(folder)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }
}
