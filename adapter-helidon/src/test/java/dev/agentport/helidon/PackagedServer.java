package dev.agentport.helidon;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code java -jar agentport-server.jar} as built by the package phase, in a child process on a free port. */
final class PackagedServer implements AutoCloseable {

    private static final Path JAR = Path.of("target", "agentport-server.jar");
    private static final Pattern LISTENING = Pattern.compile("listening on port (\\d+)");

    final Process process;
    final int port;
    private final List<String> output;
    private final Thread outputReader;

    private PackagedServer(Process process, int port, List<String> output, Thread outputReader) {
        this.process = process;
        this.port = port;
        this.output = output;
        this.outputReader = outputReader;
    }

    /** Starts the jar with {@code env} (and no inherited AGENT_ or OTEL_ variable) and waits until it is healthy. */
    static PackagedServer start(Map<String, String> env) throws Exception {
        if (!Files.isRegularFile(JAR)) {
            throw new IllegalStateException(JAR.toAbsolutePath() + " is missing: the package phase builds it");
        }
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", JAR.toString()).redirectErrorStream(true);
        builder.environment().keySet().removeIf(name -> name.startsWith("AGENT_") || name.startsWith("OTEL_"));
        builder.environment().put("PORT", "0");
        builder.environment().put("LOG_LEVEL", "INFO");
        builder.environment().putAll(env);
        Process process = builder.start();
        List<String> output = new CopyOnWriteArrayList<>();
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread reader = Thread.ofPlatform().daemon().name("server-output").start(() -> {
            try (BufferedReader lines = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    output.add(line);
                    Matcher listening = LISTENING.matcher(line);
                    if (listening.find()) {
                        port.complete(Integer.parseInt(listening.group(1)));
                    }
                }
            } catch (IOException e) {
                port.completeExceptionally(e);
            }
            port.completeExceptionally(new IllegalStateException("the server ended before listening"));
        });
        PackagedServer server;
        try {
            server = new PackagedServer(process, port.get(60, TimeUnit.SECONDS), output, reader);
        } catch (Exception e) {
            process.destroyForcibly();
            throw new IllegalStateException("the server did not start: " + output, e);
        }
        server.awaitHealthy(Duration.ofSeconds(30));
        return server;
    }

    /**
     * Sends SIGTERM (what Cloud Run, Docker and systemd send). Through the process handle, because
     * {@link Process#destroy()} also closes our end of the server's stdout: what it logs while it stops would be lost.
     */
    void sigterm() {
        process.toHandle().destroy();
    }

    /** The exit code, or null when the process is still running after {@code timeout}. */
    Integer awaitExit(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) ? process.exitValue() : null;
    }

    /** What the server has written so far, for failure messages. */
    String output() {
        return String.join("\n", output);
    }

    /** Every line the server wrote, once it has exited and its output has been read to the end. */
    List<String> linesAfterExit() throws InterruptedException {
        outputReader.join(Duration.ofSeconds(10));
        return List.copyOf(output);
    }

    private void awaitHealthy(Duration timeout) throws Exception {
        long end = System.nanoTime() + timeout.toNanos();
        while (RawHttp.exchange(port, "GET", "/health", null).status() != 200) {
            if (System.nanoTime() > end) {
                throw new IllegalStateException("the agent did not load: " + output());
            }
            Thread.sleep(50);
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
