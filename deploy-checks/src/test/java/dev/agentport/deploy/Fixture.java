package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * A copy of a deploy file with one defect put in, so a test can show that a check catches it. The text to replace
 * must be in the file: a fixture that no longer matches fails instead of passing silently.
 */
final class Fixture {

    private Fixture() {
    }

    /** {@code text} with its first {@code from} replaced by {@code to}. */
    static String replace(String text, String from, String to, String what) {
        int at = text.indexOf(from);
        if (at < 0) {
            throw new AssertionError(what + " no longer contains the text the fixture replaces: " + from);
        }
        return text.substring(0, at) + to + text.substring(at + from.length());
    }

    /** sam-template.yaml with one replacement, parsed. */
    static JsonNode sam(String from, String to) {
        return CloudFormationYaml.parse(replace(Repo.read("sam-template.yaml"), from, to, "sam-template.yaml"));
    }

    /** A Terraform folder copied to a temporary folder with one replacement in one file, parsed. */
    static TerraformModule terraform(String directory, String file, String from, String to) {
        try {
            Path copy = Files.createTempDirectory("tf-fixture");
            try (Stream<Path> files = Files.list(Repo.path(directory))) {
                for (Path source : files.filter(p -> p.toString().endsWith(".tf")).toList()) {
                    String text = Files.readString(source);
                    if (source.getFileName().toString().equals(file)) {
                        text = replace(text, from, to, directory + "/" + file);
                    }
                    Files.writeString(copy.resolve(source.getFileName()), text);
                }
            }
            return TerraformModule.parse(copy, directory + " (" + file + ": " + from.strip() + " -> " + to.strip() + ")");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
