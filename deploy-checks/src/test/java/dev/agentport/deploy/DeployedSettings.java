package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The environment variables the deploy files set, and the ones the README's configuration table documents: a
 * deployment may only set a setting a user can look up.
 */
final class DeployedSettings {

    private static final Pattern NAME = Pattern.compile("^[A-Z][A-Z0-9_]*$");
    private static final Pattern DOCUMENTED = Pattern.compile("`([A-Z][A-Z0-9_]*)`");

    private DeployedSettings() {
    }

    /** Every name in the first column of the table under {@code ## Configuration}. */
    static Set<String> documented(String readme) {
        int start = readme.indexOf("\n## Configuration");
        int end = readme.indexOf("\n## ", start + 1);
        Set<String> names = new TreeSet<>();
        for (String line : readme.substring(start, end).split("\n")) {
            if (line.startsWith("| `")) {
                Matcher matcher = DOCUMENTED.matcher(line.split("\\|")[1]);
                while (matcher.find()) {
                    names.add(matcher.group(1));
                }
            }
        }
        return names;
    }

    /** The variables of {@code Environment.Variables} in Globals and every resource of a SAM template. */
    static Set<String> sam(JsonNode template) {
        Set<String> names = new TreeSet<>(Json.fieldNames(template.at("/Globals/Function/Environment/Variables")));
        template.path("Resources").forEach(resource ->
                names.addAll(Json.fieldNames(resource.at("/Properties/Environment/Variables"))));
        return names;
    }

    /**
     * The variables a Terraform folder sets: the keys of every local named {@code *environment}, of literal
     * {@code variables} and {@code environment_variables} maps, and the literal names of {@code env} and
     * {@code secret_environment_variables} blocks, dynamic ones included.
     */
    static Set<String> terraform(TerraformModule module) {
        Set<String> names = new TreeSet<>();
        module.locals().forEach((name, value) -> {
            if (name.endsWith("environment")) {
                names.addAll(Json.fieldNames(value));
            }
        });
        module.blocks().forEach(block -> collect(block.body(), names));
        return names;
    }

    /** The variables a Dockerfile's run stage sets with {@code ENV NAME=value}. */
    static Set<String> dockerfile(Dockerfile dockerfile) {
        Set<String> names = new TreeSet<>();
        dockerfile.finalStage().all("ENV").forEach(env -> names.add(env.arguments().split("=", 2)[0].strip()));
        return names;
    }

    private static void collect(JsonNode node, Set<String> names) {
        if (node.isArray()) {
            node.forEach(child -> collect(child, names));
            return;
        }
        if (!node.isObject()) {
            return;
        }
        node.properties().forEach(field -> {
            switch (field.getKey()) {
                case "variables", "environment_variables" -> field.getValue().fieldNames().forEachRemaining(names::add);
                case "env" -> field.getValue().forEach(env -> literal(env.path("name"), names));
                case "secret_environment_variables" -> field.getValue().forEach(env -> literal(env.path("key"), names));
                default -> { }
            }
            if (field.getKey().equals("dynamic")) {
                field.getValue().properties().forEach(dynamic -> dynamic.getValue().forEach(generator ->
                        generator.path("content").forEach(content -> {
                            literal(content.path("name"), names);
                            literal(content.path("key"), names);
                        })));
            }
            collect(field.getValue(), names);
        });
    }

    private static void literal(JsonNode name, Set<String> names) {
        if (NAME.matcher(name.asText()).matches()) {
            names.add(name.asText());
        }
    }
}
