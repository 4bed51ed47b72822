package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * The CloudFormation resource specification, SAM's resources included, as AWS CDK publishes it
 * ({@code @aws-cdk/aws-service-spec}, pinned in this module's package-lock.json): each resource type's properties and
 * each property type's fields. A property's type is a node such as {@code {"type":"string"}},
 * {@code {"type":"ref","reference":{"$ref":"123"}}}, {@code {"type":"array","element":...}}, {@code map} or
 * {@code union} with {@code types}.
 *
 * @param resources       resource type (e.g. {@code AWS::DynamoDB::Table}) to its properties
 * @param typeDefinitions property type id to its properties
 */
record CloudFormationSpec(Map<String, JsonNode> resources, Map<String, JsonNode> typeDefinitions) {

    static final String PACKAGE = "@aws-cdk/aws-service-spec";

    /**
     * SAM passes these resources' other properties through to the CloudFormation resource it makes, and the SAM part
     * of the specification lags behind (it has no SnapStart, for one): their properties are SAM's plus those.
     */
    private static final Map<String, String> SAM_PASSES_THROUGH = Map.of(
            "AWS::Serverless::Function", "AWS::Lambda::Function");

    private static CloudFormationSpec loaded;

    static synchronized CloudFormationSpec load() {
        if (loaded == null) {
            NodeTools.ensureInstalled(PACKAGE, "the CloudFormation resource properties were not checked.");
            loaded = read(Repo.checksDir().resolve("node_modules").resolve(PACKAGE).resolve("db.json.gz"));
        }
        return loaded;
    }

    private static CloudFormationSpec read(Path file) {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            JsonNode schema = Json.MAPPER.readTree(in).path("schema");
            Map<String, JsonNode> resources = new HashMap<>();
            for (JsonNode resource : schema.at("/resource/entities")) {
                resources.put(resource.path("cloudFormationType").asText(), resource.path("properties"));
            }
            Map<String, JsonNode> types = new HashMap<>();
            for (JsonNode type : schema.at("/typeDefinition/entities")) {
                types.put(type.path("$id").asText(), type.path("properties"));
            }
            SAM_PASSES_THROUGH.forEach((sam, target) -> {
                ObjectNode merged = ((ObjectNode) resources.get(target)).deepCopy();
                merged.setAll((ObjectNode) resources.get(sam));
                resources.put(sam, merged);
            });
            return new CloudFormationSpec(Map.copyOf(resources), Map.copyOf(types));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the CloudFormation specification " + file, e);
        }
    }

    /** The properties of a resource type, or null when the specification has no such type. */
    JsonNode properties(String resourceType) {
        return resources.get(resourceType);
    }

    /** The fields of a property type, from a {@code ref} type node. */
    JsonNode fields(JsonNode refType) {
        return typeDefinitions.get(refType.at("/reference/$ref").asText());
    }
}
