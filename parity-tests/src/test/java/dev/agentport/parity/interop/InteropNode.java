package dev.agentport.parity.interop;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Node.js for the interop project in {@code interop/a2a-js}: installs its pinned packages with {@code npm ci} when
 * they are missing or not the pinned version (once per run), and runs its script. Without node 20+ or npm the calling
 * test is skipped with a message, except on CI ({@code CI=true}), where it fails: a build server must run every check.
 */
final class InteropNode {

    private static final Pattern PINNED_SDK = Pattern.compile("\"@a2a-js/sdk\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern VERSION = Pattern.compile("\"version\"\\s*:\\s*\"([^\"]+)\"");
    private static final int NODE_MAJOR = 20;
    private static boolean installed;

    private InteropNode() {
    }

    record Result(int exitCode, String output) {
    }

    /** Makes sure node 20+ is there and {@code node_modules} holds the SDK version that package.json pins. */
    static synchronized void ensureInstalled(Path project) {
        Result node = runQuietly(List.of("node", "--version"), project);
        require(node != null && node.exitCode() == 0, System.getenv(),
                "node is not installed: the A2A JavaScript SDK interop check needs Node.js " + NODE_MAJOR + " or newer.");
        require(major(node.output()) >= NODE_MAJOR, System.getenv(), "node " + node.output().strip()
                + " is too old: the A2A JavaScript SDK needs Node.js " + NODE_MAJOR + " or newer.");
        if (installed || pinnedSdkInstalled(project)) {
            installed = true;
            return;
        }
        Result npmVersion = runQuietly(List.of("npm", "--version"), project);
        require(npmVersion != null && npmVersion.exitCode() == 0, System.getenv(),
                "npm is not installed, and " + project + "/node_modules lacks the pinned @a2a-js/sdk: install npm, or"
                        + " run: npm ci --prefix interop/a2a-js");
        Result npm = run(List.of("npm", "ci", "--no-audit", "--no-fund"), project);
        if (npm.exitCode() != 0) {
            throw new AssertionError("npm ci in interop/a2a-js failed (is the npm registry reachable?): "
                    + npm.output().strip());
        }
        installed = true;
    }

    static Result runScript(Path project, String... arguments) {
        List<String> command = new ArrayList<>(List.of("node", "src/main.mjs"));
        command.addAll(List.of(arguments));
        return run(command, project);
    }

    /**
     * Skips the calling test with {@code message} when a tool is missing, except on CI ({@code CI=true}), where a
     * missing tool fails it.
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

    private static boolean pinnedSdkInstalled(Path project) {
        Path installedSdk = project.resolve("node_modules/@a2a-js/sdk/package.json");
        if (!Files.isRegularFile(installedSdk)) {
            return false;
        }
        return firstGroup(PINNED_SDK, read(project.resolve("package.json")))
                .equals(firstGroup(VERSION, read(installedSdk)));
    }

    static int major(String nodeVersion) {
        Matcher digits = Pattern.compile("v?(\\d+)").matcher(nodeVersion.strip());
        return digits.lookingAt() ? Integer.parseInt(digits.group(1)) : 0;
    }

    private static String firstGroup(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        return matcher.find() ? matcher.group(1) : "";
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs a command, or answers null when it cannot be started (not installed). */
    private static Result runQuietly(List<String> command, Path workDir) {
        try {
            return run(command, workDir);
        } catch (UncheckedIOException notInstalled) {
            return null;
        }
    }

    private static Result run(List<String> command, Path workDir) {
        try {
            Path out = Files.createTempFile("interop-node-", ".txt");
            try {
                Process process = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                        .redirectOutput(out.toFile()).start();
                if (!process.waitFor(180, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    throw new AssertionError(String.join(" ", command) + " did not finish within 180 s:\n"
                            + Files.readString(out, StandardCharsets.UTF_8));
                }
                return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running " + command, e);
        }
    }
}
