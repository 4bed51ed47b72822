package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Every resource type, resource attribute and property (nested ones too) a CloudFormation / SAM template writes is in
 * the published specification ({@link CloudFormationSpec}); SAM's {@code Globals.Function} is checked as the
 * properties of {@code AWS::Serverless::Function}. Intrinsic functions ({@code Ref}, {@code Fn::*}) are not looked
 * into: their value is only known when the stack is deployed.
 */
final class CloudFormationProperties {

    /** What a resource may hold besides {@code Properties}, from the template format. */
    private static final Set<String> RESOURCE_ATTRIBUTES = Set.of("Type", "Properties", "Condition", "DependsOn",
            "DeletionPolicy", "UpdateReplacePolicy", "Metadata", "CreationPolicy", "UpdatePolicy");

    private final CloudFormationSpec spec;
    private final List<String> problems = new ArrayList<>();

    private CloudFormationProperties(CloudFormationSpec spec) {
        this.spec = spec;
    }

    /** One line per unknown name, with its path in the template; empty when all are known. */
    static List<String> problems(JsonNode template, CloudFormationSpec spec) {
        CloudFormationProperties check = new CloudFormationProperties(spec);
        template.path("Resources").properties().forEach(resource -> check.resource(resource.getKey(), resource.getValue()));
        JsonNode globals = template.at("/Globals/Function");
        if (globals.isObject()) {
            check.properties(globals, spec.properties("AWS::Serverless::Function"), "Globals.Function");
        }
        return check.problems;
    }

    private void resource(String name, JsonNode resource) {
        String type = resource.path("Type").asText();
        String path = "Resources." + name;
        resource.fieldNames().forEachRemaining(key -> {
            if (!RESOURCE_ATTRIBUTES.contains(key)) {
                problems.add(path + "." + key + " is not a resource attribute");
            }
        });
        JsonNode known = spec.properties(type);
        if (known == null) {
            problems.add(path + ": the specification has no resource type " + type);
            return;
        }
        properties(resource.path("Properties"), known, path + ".Properties");
    }

    private void properties(JsonNode value, JsonNode known, String path) {
        if (!value.isObject() || isIntrinsic(value)) {
            return;
        }
        value.properties().forEach(field -> {
            JsonNode property = known.get(field.getKey());
            if (property == null) {
                problems.add(path + "." + field.getKey() + " is not in the specification");
            } else {
                value(field.getValue(), property.path("type"), path + "." + field.getKey());
            }
        });
    }

    private void value(JsonNode value, JsonNode type, String path) {
        if (isIntrinsic(value)) {
            return;
        }
        switch (type.path("type").asText()) {
            case "ref" -> properties(value, spec.fields(type), path);
            case "array" -> value.forEach(element -> value(element, type.path("element"), path + "[]"));
            case "map" -> {
                if (value.isObject()) {
                    value.properties().forEach(e -> value(e.getValue(), type.path("element"), path + "." + e.getKey()));
                }
            }
            case "union" -> union(value, type.path("types"), path);
            default -> {
                // a scalar or free-form JSON: nothing named inside to check
            }
        }
    }

    /** A union fits when one of its types takes the value without a problem; the first object type reports if none. */
    private void union(JsonNode value, JsonNode types, String path) {
        JsonNode firstObjectType = null;
        for (JsonNode type : types) {
            String kind = type.path("type").asText();
            boolean shapeFits = value.isObject() ? kind.equals("ref") || kind.equals("map")
                    : value.isArray() ? kind.equals("array") : !kind.equals("ref") && !kind.equals("array");
            if (!shapeFits) {
                continue;
            }
            CloudFormationProperties trial = new CloudFormationProperties(spec);
            trial.value(value, type, path);
            if (trial.problems.isEmpty()) {
                return;
            }
            if (firstObjectType == null) {
                firstObjectType = type;
            }
        }
        if (firstObjectType != null) {
            value(value, firstObjectType, path);
        }
    }

    static boolean isIntrinsic(JsonNode value) {
        if (!value.isObject() || value.size() != 1) {
            return false;
        }
        String key = value.fieldNames().next();
        return key.equals("Ref") || key.equals("Condition") || key.startsWith("Fn::");
    }
}
