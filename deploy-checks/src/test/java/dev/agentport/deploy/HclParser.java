package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * HashiCorp's HCL parser, as the npm package {@code @cdktf/hcl2json} (pinned in this module's package-lock.json),
 * run through {@code src/test/node/hcl2json.js} (see {@link NodeTools}).
 */
final class HclParser {

    private HclParser() {
    }

    /** Parses the given files (relative to {@code workDir}); the result maps each file name to its JSON form. */
    static JsonNode parse(Path workDir, List<String> files) {
        NodeTools.ensureInstalled("@cdktf/hcl2json", "the Terraform files were not parsed.");
        List<String> command = new ArrayList<>(List.of("node", Repo.checksDir().resolve("src/test/node/hcl2json.js").toString()));
        command.addAll(files);
        NodeTools.Result result = NodeTools.run(command, workDir);
        if (result.exitCode() != 0) {
            throw new AssertionError("the HCL parser rejected the Terraform files: " + result.stderr().strip());
        }
        try {
            return Json.MAPPER.readTree(result.stdout());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
