package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The {@code .tf} files of one Terraform directory, parsed by HashiCorp's HCL parser. In the parsed form every block
 * is a list (a resource is {@code resource.<type>.<name>[0]}, a nested block {@code startup_probe[0]}) and every
 * reference is an interpolation string such as {@code "${var.lambda_zip}"}.
 *
 * @param directory repository-relative folder, e.g. {@code terraform/aws}
 * @param files     each file name with its parsed JSON
 */
record TerraformModule(String directory, Map<String, JsonNode> files) {

    private static final Map<String, TerraformModule> PARSED = new ConcurrentHashMap<>();

    /** Parses every {@code .tf} file of a repository folder (once per test run). */
    static TerraformModule of(String directory) {
        return PARSED.computeIfAbsent(directory, TerraformModule::parse);
    }

    private static TerraformModule parse(String directory) {
        return parse(Repo.path(directory), directory);
    }

    /** Parses every {@code .tf} file of any folder, such as a copy with a defect put in; {@code label} names it. */
    static TerraformModule parse(Path dir, String directory) {
        List<String> names;
        try (Stream<Path> list = Files.list(dir)) {
            names = list.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tf")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (names.isEmpty()) {
            throw new AssertionError(directory + " has no .tf files");
        }
        JsonNode parsed = HclParser.parse(dir, names);
        Map<String, JsonNode> files = new LinkedHashMap<>();
        names.forEach(name -> files.put(name, parsed.get(name)));
        return new TerraformModule(directory, files);
    }

    /** The body of {@code resource "<type>" "<name>"}; fails when there is none. */
    JsonNode resource(String type, String name) {
        return block("resource", type, name);
    }

    /** The body of {@code data "<type>" "<name>"}. */
    JsonNode data(String type, String name) {
        return block("data", type, name);
    }

    /** Every resource of one type, by name. */
    Map<String, JsonNode> resources(String type) {
        Map<String, JsonNode> found = new LinkedHashMap<>();
        for (JsonNode file : files.values()) {
            JsonNode ofType = file.path("resource").path(type);
            ofType.properties().forEach(e -> found.put(e.getKey(), e.getValue().get(0)));
        }
        return found;
    }

    /** A {@code resource} or {@code data} block: its kind, type, name, file and body. */
    record Block(String kind, String type, String name, String file, JsonNode body) {

        String address() {
            return (kind.equals("data") ? "data." : "") + type + "." + name;
        }
    }

    /** Every {@code resource} and {@code data} block of every file, in file order. */
    List<Block> blocks() {
        List<Block> found = new ArrayList<>();
        files.forEach((file, json) -> {
            for (String kind : List.of("resource", "data")) {
                json.path(kind).properties().forEach(type -> type.getValue().properties().forEach(name ->
                        found.add(new Block(kind, type.getKey(), name.getKey(), file, name.getValue().get(0)))));
            }
        });
        return found;
    }

    JsonNode variable(String name) {
        JsonNode found = findTopLevel("variable", name);
        if (found == null) {
            throw new AssertionError(directory + " declares no variable \"" + name + "\"");
        }
        return found;
    }

    /** The default of a variable as text, or null when it has none. */
    String variableDefault(String name) {
        JsonNode value = variable(name).get("default");
        return value == null || value.isNull() ? null : value.asText();
    }

    JsonNode output(String name) {
        JsonNode found = findTopLevel("output", name);
        if (found == null) {
            throw new AssertionError(directory + " has no output \"" + name + "\"");
        }
        return found;
    }

    /** The merged {@code locals} of every file. */
    Map<String, JsonNode> locals() {
        Map<String, JsonNode> found = new LinkedHashMap<>();
        for (JsonNode file : files.values()) {
            for (JsonNode block : file.path("locals")) {
                block.properties().forEach(e -> found.put(e.getKey(), e.getValue()));
            }
        }
        return found;
    }

    /** A provider requirement, e.g. {@code required_providers.aws}. */
    JsonNode requiredProvider(String name) {
        for (JsonNode file : files.values()) {
            for (JsonNode terraform : file.path("terraform")) {
                for (JsonNode required : terraform.path("required_providers")) {
                    if (required.has(name)) {
                        return required.get(name);
                    }
                }
            }
        }
        throw new AssertionError(directory + " does not require the provider " + name);
    }

    /**
     * Resolves {@code "${var.x}"} to the variable's default and reads a path the way Terraform does, relative to the
     * directory it runs in (this folder); returns it relative to the repository root.
     */
    String pathFromVariable(String expression) {
        String variable = expression.replaceAll("^\\$\\{var\\.([\\w-]+)}$", "$1");
        if (variable.equals(expression)) {
            throw new AssertionError(expression + " should be a plain variable reference (${var.name})");
        }
        String value = variableDefault(variable);
        if (value == null) {
            throw new AssertionError("variable " + variable + " in " + directory + " has no default");
        }
        return Repo.relative(Repo.path(directory).resolve(value));
    }

    private JsonNode block(String kind, String type, String name) {
        for (JsonNode file : files.values()) {
            JsonNode found = file.path(kind).path(type).path(name);
            if (found.isArray() && !found.isEmpty()) {
                return found.get(0);
            }
        }
        throw new AssertionError(directory + " has no " + kind + " \"" + type + "\" \"" + name + "\"");
    }

    private JsonNode findTopLevel(String kind, String name) {
        for (JsonNode file : files.values()) {
            JsonNode found = file.path(kind).path(name);
            if (found.isArray() && !found.isEmpty()) {
                return found.get(0);
            }
        }
        return null;
    }
}
