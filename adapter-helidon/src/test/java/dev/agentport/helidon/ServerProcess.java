package dev.agentport.helidon;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A server started as its own JVM (or script), its stdout and stderr collected line by line. */
final class ServerProcess implements AutoCloseable {

    static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

    private final Process process;
    private final LinkedBlockingQueue<String> stdout = new LinkedBlockingQueue<>();
    private final List<String> stdoutSeen = new ArrayList<>();
    private final CompletableFuture<List<String>> stderr;

    private ServerProcess(Process process) {
        this.process = process;
        Thread.ofVirtual().start(() -> lines(process.getInputStream(), stdout));
        this.stderr = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            List<String> lines = new ArrayList<>();
            lines(process.getErrorStream(), lines);
            stderr.complete(lines);
        });
    }

    static ServerProcess start(List<String> command, Map<String, String> env) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().keySet().removeIf(name -> name.startsWith("AGENT_") || name.equals("PORT")
                || name.equals("JAVA_OPTS") || name.equals("DEFAULT_AGENT_WORD_DELAY_MS"));
        builder.environment().putAll(env);
        return new ServerProcess(builder.start());
    }

    /** Waits for a stdout line containing {@code text}; returns it. */
    String awaitLine(String text, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            String line = stdout.poll(100, TimeUnit.MILLISECONDS);
            if (line != null) {
                stdoutSeen.add(line);
                if (line.contains(text)) {
                    return line;
                }
            }
        }
        throw new AssertionError("no line with '" + text + "' within " + seconds + " s; stdout: " + stdoutSeen
                + "; stderr so far: " + (stderr.isDone() ? stderr.join() : "(still open)"));
    }

    /** Waits for the process to exit by itself; returns its exit code. */
    int awaitExit(long seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            throw new AssertionError("still running after " + seconds + " s");
        }
        return process.exitValue();
    }

    /** Stops the process (SIGTERM) and returns every stdout line it printed. */
    List<String> stopAndCollect() throws InterruptedException {
        process.destroy();
        process.waitFor(20, TimeUnit.SECONDS);
        Thread.sleep(200);
        stdout.drainTo(stdoutSeen);
        return List.copyOf(stdoutSeen);
    }

    List<String> stdoutLines() throws InterruptedException {
        process.waitFor(20, TimeUnit.SECONDS);
        Thread.sleep(200);
        stdout.drainTo(stdoutSeen);
        return List.copyOf(stdoutSeen);
    }

    List<String> stderrLines() {
        return stderr.join();
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

    private static void lines(java.io.InputStream in, java.util.Collection<String> lines) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines.add(line);
            }
        } catch (IOException closed) {
            // The process is gone; what it printed so far is all there is.
        }
    }
}
