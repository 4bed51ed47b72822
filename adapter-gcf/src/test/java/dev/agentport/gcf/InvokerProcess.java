package dev.agentport.gcf;

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

/**
 * The real Functions Framework invoker in a child JVM, started the way the Cloud Functions Java runtime starts it
 * ({@code java -jar java-function-invoker.jar --classpath <function> --target <class>}), with its own environment,
 * on a free loopback port. Each child has its own static state, so each can run with other AGENT_* settings.
 */
final class InvokerProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private final Process process;
    private final Path log;
    private final int port;

    private InvokerProcess(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
    }

    /** Starts the invoker serving {@code target} and returns once GET /health answers. */
    static InvokerProcess start(String target, Map<String, String> env) throws IOException, InterruptedException {
        InvokerProcess invoker = launch(target, env);
        invoker.awaitHealthy();
        return invoker;
    }

    /** Starts the invoker serving {@code target} and returns at once, for a function that cannot become healthy. */
    static InvokerProcess launch(String target, Map<String, String> env) throws IOException {
        int port = freePort();
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", required("invoker.jar"),
                "--classpath", functionClasspath(),
                "--target", target,
                "--port", Integer.toString(port));
        Path log = Files.createDirectories(Path.of(required("function.classes")).getParent().resolve("invoker-logs"))
                .resolve(target.substring(target.lastIndexOf('.') + 1) + "-" + port + ".log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("AGENT_")
                || name.startsWith("DEFAULT_AGENT_") || name.equals("PORT") || name.startsWith("FUNCTION_"));
        builder.environment().putAll(env);
        return new InvokerProcess(builder.start(), log, port);
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    /** The child's exit status once it has ended within {@code timeout}; empty while it still runs. */
    java.util.OptionalInt awaitExit(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)
                ? java.util.OptionalInt.of(process.exitValue()) : java.util.OptionalInt.empty();
    }

    /** The child's output so far, for assertion messages. */
    String output() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }

    private void awaitHealthy() throws InterruptedException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the invoker exited with " + process.exitValue() + ":\n" + output());
            }
            try {
                HttpResponse<Void> health = client.send(HttpRequest.newBuilder(uri("/health"))
                        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.discarding());
                if (health.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        close();
        throw new IllegalStateException("the invoker was not healthy within " + START_TIMEOUT + ":\n" + output());
    }

    /** This module's classes (main and test) and its runtime dependencies, as Maven listed them. */
    private static String functionClasspath() throws IOException {
        List<String> entries = new ArrayList<>();
        entries.add(required("function.classes"));
        entries.add(required("function.test-classes"));
        String dependencies = Files.readString(Path.of(required("function.classpath.file"))).strip();
        if (!dependencies.isEmpty()) {
            entries.add(dependencies);
        }
        return String.join(java.io.File.pathSeparator, entries);
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("system property " + property + " is not set; run the tests with Maven");
        }
        return value;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }
}
