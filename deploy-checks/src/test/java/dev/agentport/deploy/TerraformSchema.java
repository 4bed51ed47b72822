package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The attribute and block names Terraform resources and data sources accept, from the providers' published schemas as
 * the prebuilt CDK bindings carry them ({@code @cdktn/provider-aws}, {@code @cdktf/provider-google},
 * {@code @cdktf/provider-archive}, pinned in this module's package-lock.json), read by
 * {@code src/test/node/terraform-schema.js}. A schema maps each name to {@code null} (an attribute) or to the schema
 * of its nested block.
 */
final class TerraformSchema {

    static final List<String> PACKAGES = List.of("@cdktn/provider-aws", "@cdktf/provider-google", "@cdktf/provider-archive");

    /** {@code resource:<type>} or {@code data:<type>} to its answer; JSON null when no binding has that type. */
    private static final Map<String, JsonNode> KNOWN = new ConcurrentHashMap<>();

    private TerraformSchema() {
    }

    /** The schema of one block kind and type ({@code "resource"}, {@code "aws_lambda_function"}), or null. */
    static JsonNode of(String kind, String type) {
        JsonNode answer = lookUp(List.of(kind + ":" + type)).get(kind + ":" + type);
        return answer == null || answer.isNull() ? null : answer.get("schema");
    }

    /** The provider and version a type's schema comes from, e.g. {@code hashicorp/aws 6.66.0}. */
    static String provider(String kind, String type) {
        JsonNode answer = lookUp(List.of(kind + ":" + type)).get(kind + ":" + type);
        return answer == null || answer.isNull() ? "no provider" : answer.path("provider").asText();
    }

    /** Reads the schemas of many types in one node run. */
    static synchronized Map<String, JsonNode> lookUp(Collection<String> specs) {
        List<String> missing = specs.stream().filter(spec -> !KNOWN.containsKey(spec)).distinct().toList();
        if (!missing.isEmpty()) {
            PACKAGES.forEach(name -> NodeTools.ensureInstalled(name, "the Terraform attributes were not checked."));
            List<String> command = new ArrayList<>(
                    List.of("node", Repo.checksDir().resolve("src/test/node/terraform-schema.js").toString()));
            command.addAll(missing);
            NodeTools.Result result = NodeTools.run(command, Repo.checksDir());
            if (result.exitCode() != 0) {
                throw new AssertionError("reading the provider schemas failed: " + result.stderr().strip());
            }
            try {
                Json.MAPPER.readTree(result.stdout()).properties().forEach(e -> KNOWN.put(e.getKey(), e.getValue()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return KNOWN;
    }
}
