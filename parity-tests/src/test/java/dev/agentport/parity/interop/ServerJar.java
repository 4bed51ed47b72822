package dev.agentport.parity.interop;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code adapter-helidon/target/agentport-server.jar} started with {@code java -jar} on a free loopback port, with
 * the given settings and none inherited from this JVM's {@code AGENT_*} environment.
 */
public final class ServerJar implements AutoCloseable {

    private final Process process;
    private final Path log;
    public final String baseUrl;

    private ServerJar(Process process, Path log, String baseUrl) {
        this.process = process;
        this.log = log;
        this.baseUrl = baseUrl;
    }

    public static ServerJar start(Path root, Map<String, String> settings) throws Exception {
        Path jar = root.resolve("adapter-helidon/target/agentport-server.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: package adapter-helidon first");
        }
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path log = Files.createTempFile("agentport-interop-", ".log");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toString()).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("AGENT_") || name.startsWith("OTEL_")
                || name.startsWith("DEFAULT_AGENT_") || name.equals("A2A_PORT"));
        builder.environment().put("PORT", String.valueOf(port));
        builder.environment().putAll(settings);
        ServerJar server = new ServerJar(builder.start(), log, "http://127.0.0.1:" + port);
        try {
            server.awaitHealthy(Duration.ofSeconds(120));
        } catch (Exception | AssertionError e) {
            server.close();
            throw e;
        }
        return server;
    }

    private void awaitHealthy(Duration timeout) throws Exception {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest health = HttpRequest.newBuilder(URI.create(baseUrl + "/health")).timeout(Duration.ofSeconds(5))
                .build();
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the server exited:\n" + output());
            }
            try {
                if (client.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the server was not healthy within " + timeout + ":\n" + output());
    }

    public String output() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(the server's log cannot be read: " + e.getMessage() + ")";
        }
    }

    /** Ends the server at once with SIGKILL, as a crash would: nothing of its shutdown runs. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(15, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        Files.deleteIfExists(log);
    }
}
