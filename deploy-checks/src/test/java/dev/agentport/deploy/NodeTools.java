package dev.agentport.deploy;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs the npm tools pinned in this module's package-lock.json: installs them with {@code npm ci} when they are
 * missing, and skips the calling test, with a message, only when node or npm is not installed at all (on CI, when
 * {@code CI=true}, that fails it instead).
 */
final class NodeTools {

    private static final Set<String> INSTALLED = new HashSet<>();

    private NodeTools() {
    }

    record Result(int exitCode, String stdout, String stderr) {
    }

    /** Makes sure {@code node_modules/<packageName>} is there; {@code purpose} says what is skipped without node. */
    static synchronized void ensureInstalled(String packageName, String purpose) {
        require(commandWorks("node", "--version"), System.getenv(),
                "node is not installed: " + purpose + " Install Node.js 18 or newer (apt-get install nodejs npm).");
        if (INSTALLED.contains(packageName)
                || Files.isDirectory(Repo.checksDir().resolve("node_modules").resolve(packageName))) {
            INSTALLED.add(packageName);
            return;
        }
        require(commandWorks("npm", "--version"), System.getenv(),
                "npm is not installed, and deploy-checks/node_modules/" + packageName + " is missing: " + purpose
                        + " Install npm, or run: npm ci --prefix deploy-checks");
        Result npm = run(List.of("npm", "ci", "--no-audit", "--no-fund"), Repo.checksDir());
        if (npm.exitCode() != 0) {
            throw new AssertionError("npm ci in deploy-checks failed (is the npm registry reachable?): "
                    + npm.stderr().strip());
        }
        INSTALLED.add(packageName);
    }

    /**
     * Skips the calling test with {@code message} when a tool is missing, except on CI ({@code CI=true}), where a
     * missing tool fails it: a build server must run every check.
     */
    static void require(boolean present, Map<String, String> env, String message) {
        if (present) {
            return;
        }
        if ("true".equalsIgnoreCase(env.getOrDefault("CI", "").strip())) {
            throw new AssertionError(message + " (CI=true: a check that cannot run fails the build)");
        }
        Assumptions.abort(message);
    }

    private static boolean commandWorks(String... command) {
        try {
            return run(List.of(command), Repo.checksDir()).exitCode() == 0;
        } catch (UncheckedIOException e) {
            return false;
        }
    }

    static Result run(List<String> command, Path workDir) {
        try {
            Path out = Files.createTempFile("node-out", ".txt");
            Path err = Files.createTempFile("node-err", ".txt");
            try {
                Process process = new ProcessBuilder(command).directory(workDir.toFile())
                        .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
                if (!process.waitFor(180, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    throw new AssertionError(String.join(" ", command) + " did not finish within 180 s");
                }
                return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running " + command, e);
        }
    }
}
