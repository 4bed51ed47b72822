package dev.agentport.lambdalocal;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code adapter-lambda/run-local} as a user starts it, with its stdout and stderr kept apart in files. */
final class RunLocalProcess implements AutoCloseable {

    final int port;
    final Process process;
    private final Path stdout;
    private final Path stderr;

    private RunLocalProcess(int port, Process process, Path stdout, Path stderr) {
        this.port = port;
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /** Skips the calling test when the zips or lambda-local.jar are not built. */
    static void assumeBuilt(String mode) {
        Path repo = TestSupport.repoRoot();
        Path zip = repo.resolve(mode.equals("buffered") ? "adapter-lambda/target/agentport-lambda.zip"
                : "adapter-lambda/target/agentport-lambda-streaming.zip");
        assumeTrue(Files.isRegularFile(zip), "skipped: " + zip + " is not built (run ./mvnw package -pl adapter-lambda)");
        assumeTrue(Files.isRegularFile(repo.resolve("lambda-local/target/lambda-local.jar")),
                "skipped: lambda-local.jar is not built");
    }

    /** Starts run-local on {@code port} in {@code mode}, with {@code env} on top of this JVM's environment. */
    static RunLocalProcess start(int port, String mode, Map<String, String> env) throws IOException {
        Path stdout = Files.createTempFile("run-local-" + mode + "-", ".out");
        Path stderr = Files.createTempFile("run-local-" + mode + "-", ".err");
        ProcessBuilder builder = new ProcessBuilder(TestSupport.repoRoot().resolve("adapter-lambda/run-local")
                .toString()).redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("AGENT_")
                || name.startsWith("DEFAULT_AGENT_") || name.startsWith("LAMBDA_"));
        builder.environment().put("PORT", Integer.toString(port));
        builder.environment().put("LAMBDA_MODE", mode);
        builder.environment().putAll(env);
        return new RunLocalProcess(port, builder.start(), stdout, stderr);
    }

    /** Waits until the front accepts connections; fails when run-local exits first. */
    RunLocalProcess awaitListening() throws Exception {
        long until = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < until) {
            if (!process.isAlive()) {
                throw new AssertionError("run-local exited with " + process.exitValue() + ": " + output());
            }
            try (Socket ignored = new Socket("127.0.0.1", port)) {
                return this;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("run-local did not listen within 90 s: " + output());
    }

    String stdout() throws IOException {
        return Files.readString(stdout);
    }

    String stderr() throws IOException {
        return Files.readString(stderr);
    }

    /** Both streams, for assertion messages. */
    String output() throws IOException {
        return "stdout:\n" + stdout() + "\nstderr:\n" + stderr();
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() throws Exception {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        Files.deleteIfExists(stdout);
        Files.deleteIfExists(stderr);
    }
}
