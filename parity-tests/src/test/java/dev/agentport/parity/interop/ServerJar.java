package dev.agentport.parity.interop;

import java.io.File;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code adapter-helidon/target/agentport-server.jar} started in its own JVM on a free loopback port, with the given
 * settings and none inherited from this JVM's {@code AGENT_*}, {@code OTEL_*} and {@code DEFAULT_AGENT_*}
 * environment; the call returns once {@code /health} answers 200. With jars to add, it is started as
 * {@code run-local} starts it with {@code AGENT_CLASSPATH}: those jars next to the server jar on the class path.
 */
public final class ServerJar implements AutoCloseable {

    private static final String MAIN = "dev.agentport.helidon.Main";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private final Process process;
    private final Path log;
    public final String baseUrl;

    private ServerJar(Process process, Path log, String baseUrl) {
        this.process = process;
        this.log = log;
        this.baseUrl = baseUrl;
    }

    /** {@code java -jar}, its port in {@code PORT}. */
    public static ServerJar start(Path root, Map<String, String> settings) throws Exception {
        return start(root, List.of(), "PORT", settings);
    }

    /** The server jar and {@code extraClassPath} on the class path, its port in {@code PORT}. */
    public static ServerJar start(Path root, List<Path> extraClassPath, Map<String, String> settings)
            throws Exception {
        return start(root, extraClassPath, "PORT", settings);
    }

    /**
     * @param portVariable where the free port is given: {@code PORT}, or {@code A2A_PORT} as a Daedalus pod gives it
     *                     (the other one is then unset)
     */
    public static ServerJar start(Path root, List<Path> extraClassPath, String portVariable,
                                  Map<String, String> settings) throws Exception {
        Path jar = root.resolve("adapter-helidon/target/agentport-server.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: package adapter-helidon first");
        }
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path log = Files.createTempFile("agentport-server-", ".log");
        ProcessBuilder builder = new ProcessBuilder(command(jar, extraClassPath)).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("AGENT_") || name.startsWith("OTEL_")
                || name.startsWith("DEFAULT_AGENT_") || name.equals("A2A_PORT") || name.equals("PORT"));
        builder.environment().put(portVariable, String.valueOf(port));
        builder.environment().putAll(settings);
        ServerJar server = new ServerJar(builder.start(), log, "http://127.0.0.1:" + port);
        try {
            server.awaitHealthy();
        } catch (Exception | AssertionError e) {
            server.close();
            throw e;
        }
        return server;
    }

    private static List<String> command(Path jar, List<Path> extraClassPath) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        if (extraClassPath.isEmpty()) {
            return List.of(java, "-jar", jar.toString());
        }
        List<String> classPath = new ArrayList<>(List.of(jar.toString()));
        extraClassPath.forEach(entry -> classPath.add(entry.toString()));
        return List.of(java, "-cp", String.join(File.pathSeparator, classPath), MAIN);
    }

    private void awaitHealthy() throws Exception {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest health = HttpRequest.newBuilder(URI.create(baseUrl + "/health")).timeout(Duration.ofSeconds(5))
                .build();
        Instant deadline = Instant.now().plus(START_TIMEOUT);
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
        throw new IllegalStateException("the server was not healthy within " + START_TIMEOUT + ":\n" + output());
    }

    /** The MCP endpoint's URL. */
    public String mcpUrl() {
        return baseUrl + "/mcp";
    }

    /** What the server has written so far, for failure messages. */
    public String output() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(the server's log cannot be read: " + e.getMessage() + ")";
        }
    }

    /** Sends SIGTERM, as Cloud Run and Kubernetes stop a container, and returns the exit code once it has exited. */
    public int terminate(Duration within) throws InterruptedException {
        process.destroy();
        if (!process.waitFor(within.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("the server did not exit within " + within + ":\n" + output());
        }
        return process.exitValue();
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
