package dev.agentport.parity;

import dev.agentport.contract.ContractCases;

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
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * One target started through its {@code run-local} script as a child process, on a free port, with the suite's
 * environment, exactly as a user would start it.
 */
final class LocalRunner implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private final String name;
    private final Process process;
    private final int port;
    private final Path log;

    private LocalRunner(String name, Process process, int port, Path log) {
        this.name = name;
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** Starts {@code script} (relative to the repository root) and waits until {@code /health} answers 200. */
    static LocalRunner start(Path root, String name, String script, Map<String, String> extraEnv) throws Exception {
        Path executable = root.resolve(script);
        if (!Files.isExecutable(executable)) {
            throw new IllegalStateException(script + " is missing or not executable");
        }
        return launch(root, name, port -> List.of(executable.toString()), extraEnv, "healthy");
    }

    /**
     * Starts the command made for a free port with the suite's environment and a free {@code PORT}, and waits until {@code /health}
     * answers with {@code status} ({@code "healthy"} with 200, or {@code "failed"} with 503 for an agent that cannot
     * load).
     */
    static LocalRunner launch(Path root, String name, IntFunction<List<String>> command,
                              Map<String, String> extraEnv, String status) throws Exception {
        int port = freePort();
        Path log = Files.createTempFile("agentport-" + name + "-", ".log");
        ProcessBuilder builder = new ProcessBuilder(command.apply(port))
                .directory(root.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(ContractCases.ENV);
        builder.environment().putAll(extraEnv);
        builder.environment().put("PORT", String.valueOf(port));
        LocalRunner runner = new LocalRunner(name, builder.start(), port, log);
        try {
            runner.awaitStatus(status);
        } catch (Exception e) {
            runner.close();
            throw e;
        }
        return runner;
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    private void awaitStatus(String status) throws Exception {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest health = HttpRequest.newBuilder(URI.create(baseUrl() + "/health"))
                .timeout(Duration.ofSeconds(10)).build();
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + ":\n" + logTail());
            }
            try {
                HttpResponse<String> answer = client.send(health, HttpResponse.BodyHandlers.ofString());
                boolean expected = answer.statusCode() == (status.equals("failed") ? 503 : 200);
                if (expected && answer.body().contains("\"" + status + "\"")) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException(name + " was not " + status + " within " + START_TIMEOUT + ":\n" + logTail());
    }

    /** Everything the target wrote on stdout and stderr so far. */
    String log() throws IOException {
        return Files.readString(log);
    }

    boolean isAlive() {
        return process.isAlive();
    }

    String logTail() {
        try {
            String text = Files.readString(log);
            return text.length() > 4000 ? text.substring(text.length() - 4000) : text;
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /** Stops the script and everything it started (the Lambda runner's function process included). */
    @Override
    public void close() throws Exception {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        process.descendants().forEach(ProcessHandle::destroyForcibly);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
