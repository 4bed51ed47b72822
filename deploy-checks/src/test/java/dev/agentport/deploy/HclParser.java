package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * HashiCorp's HCL parser, as the npm package {@code @cdktf/hcl2json} (pinned in this module's package-lock.json),
 * run through {@code src/test/node/hcl2json.js}. When the package is not installed yet, {@code npm ci} installs it.
 * Tests that need it are skipped, with a message, only when node or npm is not installed at all.
 */
final class HclParser {

    private static final String PACKAGE_DIR = "node_modules/@cdktf/hcl2json";
    private static boolean installed;

    private HclParser() {
    }

    /** Parses the given files (relative to {@code workDir}); the result maps each file name to its JSON form. */
    static JsonNode parse(Path workDir, List<String> files) {
        ensureInstalled();
        List<String> command = new ArrayList<>(List.of("node", Repo.checksDir().resolve("src/test/node/hcl2json.js").toString()));
        command.addAll(files);
        Result result = run(command, workDir);
        if (result.exitCode() != 0) {
            throw new AssertionError("the HCL parser rejected the Terraform files: " + result.stderr().strip());
        }
        try {
            return Json.MAPPER.readTree(result.stdout());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static synchronized void ensureInstalled() {
        Assumptions.assumeTrue(commandWorks("node", "--version"),
                "node is not installed: the Terraform files were not parsed. Install Node.js 18 or newer"
                        + " (apt-get install nodejs npm) to run the HCL checks.");
        if (installed || Files.isDirectory(Repo.checksDir().resolve(PACKAGE_DIR))) {
            installed = true;
            return;
        }
        Assumptions.assumeTrue(commandWorks("npm", "--version"),
                "npm is not installed, and deploy-checks/" + PACKAGE_DIR + " is missing: the Terraform files were"
                        + " not parsed. Install npm, or run: npm ci --prefix deploy-checks");
        Result npm = run(List.of("npm", "ci", "--no-audit", "--no-fund"), Repo.checksDir());
        if (npm.exitCode() != 0) {
            throw new AssertionError("npm ci in deploy-checks failed (is the npm registry reachable?): "
                    + npm.stderr().strip());
        }
        installed = true;
    }

    private static boolean commandWorks(String... command) {
        try {
            return run(List.of(command), Repo.checksDir()).exitCode() == 0;
        } catch (UncheckedIOException e) {
            return false;
        }
    }

    private record Result(int exitCode, String stdout, String stderr) {
    }

    private static Result run(List<String> command, Path workDir) {
        try {
            Path out = Files.createTempFile("hcl-out", ".txt");
            Path err = Files.createTempFile("hcl-err", ".txt");
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
