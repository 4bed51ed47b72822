package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.deploy.TerraformModule.Block;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Every attribute and nested block written in a Terraform folder exists in its provider's schema
 * ({@link TerraformSchema}): a misspelt {@code memmory_size}, a block under the wrong parent, a resource type that
 * does not exist. Names are checked, not values or whether a name is an attribute or a block.
 */
final class TerraformAttributes {

    /** Meta-arguments Terraform itself takes on every resource; lifecycle, provisioner and connection hold no schema. */
    private static final Set<String> META = Set.of("count", "for_each", "depends_on", "provider", "lifecycle",
            "provisioner", "connection");

    private TerraformAttributes() {
    }

    /** One line per unknown name, {@code file: address.path.name (provider version)}; empty when all are known. */
    static List<String> problems(TerraformModule module) {
        List<Block> blocks = module.blocks();
        TerraformSchema.lookUp(blocks.stream().map(b -> b.kind() + ":" + b.type()).toList());
        List<String> problems = new ArrayList<>();
        for (Block block : blocks) {
            JsonNode schema = TerraformSchema.of(block.kind(), block.type());
            if (schema == null) {
                problems.add(block.file() + ": " + block.kind() + " type " + block.type()
                        + " is in no provider schema");
                continue;
            }
            String where = block.file() + ": " + block.address();
            check(block.body(), schema, where, true, TerraformSchema.provider(block.kind(), block.type()), problems);
        }
        return problems;
    }

    private static void check(JsonNode body, JsonNode schema, String path, boolean top, String provider,
                              List<String> problems) {
        body.properties().forEach(field -> {
            String name = field.getKey();
            if (top && META.contains(name)) {
                return;
            }
            if (name.equals("dynamic")) {
                field.getValue().properties().forEach(dynamic -> {
                    if (!schema.has(dynamic.getKey())) {
                        problems.add(path + ".dynamic." + dynamic.getKey() + " is not a block of " + provider);
                        return;
                    }
                    for (JsonNode generator : dynamic.getValue()) {
                        for (JsonNode content : generator.path("content")) {
                            nested(content, schema.get(dynamic.getKey()), path + "." + dynamic.getKey(), provider,
                                    problems);
                        }
                    }
                });
                return;
            }
            if (!schema.has(name)) {
                problems.add(path + "." + name + " is not an attribute or block of " + provider);
                return;
            }
            if (field.getValue().isArray()) {
                for (JsonNode element : field.getValue()) {
                    nested(element, schema.get(name), path + "." + name, provider, problems);
                }
            }
        });
    }

    private static void nested(JsonNode body, JsonNode schema, String path, String provider, List<String> problems) {
        if (body.isObject() && schema != null && schema.isObject()) {
            check(body, schema, path, false, provider, problems);
        }
    }
}
