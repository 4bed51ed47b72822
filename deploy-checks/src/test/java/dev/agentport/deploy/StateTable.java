package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The DynamoDB state table as the state store expects it, and one table throughout: the table
 * {@code AGENT_STATE_STORE=dynamodb://<table>} names is the one with the agreed layout (keys {@code pk} and {@code sk}
 * as strings, no secondary index, on-demand, TTL on {@code expiresAt}, point-in-time recovery), and the one, the only
 * one, the functions' policy grants exactly the store's calls on.
 */
final class StateTable {

    static final Set<String> ACTIONS = Set.of("dynamodb:GetItem", "dynamodb:BatchGetItem", "dynamodb:Query",
            "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:ConditionCheckItem",
            "dynamodb:DescribeTable");

    private static final Pattern SAM_TABLE = Pattern.compile("^dynamodb://\\$\\{(\\w+)}$");
    private static final Pattern TERRAFORM_TABLE = Pattern.compile("dynamodb://\\$\\{aws_dynamodb_table\\.(\\w+)\\[0]\\.name}");

    private StateTable() {
    }

    static List<String> sam(JsonNode template) {
        List<String> problems = new ArrayList<>();
        JsonNode store = template.at("/Globals/Function/Environment/Variables/AGENT_STATE_STORE");
        Matcher named = SAM_TABLE.matcher(store.at("/Fn::If/1/Fn::Sub").asText());
        if (!named.matches()) {
            return List.of("AGENT_STATE_STORE is not !If [condition, !Sub 'dynamodb://${Table}', memory]: " + store);
        }
        String table = named.group(1);
        if (!store.at("/Fn::If/2").asText().equals("memory")) {
            problems.add("without the table, AGENT_STATE_STORE must be memory");
        }
        JsonNode properties = template.at("/Resources/" + table + "/Properties");
        if (!template.at("/Resources/" + table + "/Type").asText().equals("AWS::DynamoDB::Table")) {
            return List.of("AGENT_STATE_STORE names " + table + ", which is not an AWS::DynamoDB::Table");
        }
        layout(properties.path("BillingMode").asText(), keys(properties.path("KeySchema"), "AttributeName", "KeyType"),
                keys(properties.path("AttributeDefinitions"), "AttributeName", "AttributeType"),
                properties.at("/TimeToLiveSpecification/AttributeName").asText(),
                properties.at("/TimeToLiveSpecification/Enabled").asBoolean(),
                properties.at("/PointInTimeRecoverySpecification/PointInTimeRecoveryEnabled").asBoolean(),
                properties.has("GlobalSecondaryIndexes") || properties.has("LocalSecondaryIndexes"), problems);
        List<JsonNode> grants = new ArrayList<>();
        template.path("Resources").properties().forEach(resource -> {
            if (resource.getValue().path("Type").asText().startsWith("AWS::IAM::")) {
                resource.getValue().at("/Properties/PolicyDocument/Statement").forEach(grants::add);
            }
        });
        grants(grants, "Action", "Resource", "{\"Fn::GetAtt\":[\"" + table + "\",\"Arn\"]}", problems);
        return problems;
    }

    static List<String> terraform(TerraformModule aws) {
        List<String> problems = new ArrayList<>();
        Matcher named = TERRAFORM_TABLE.matcher(aws.locals().getOrDefault("state_store_url", Json.MAPPER.nullNode()).asText());
        if (!named.find()) {
            return List.of("local.state_store_url does not name an aws_dynamodb_table's name");
        }
        if (!aws.locals().get("agent_environment").path("AGENT_STATE_STORE").asText().equals("${local.state_store_url}")) {
            problems.add("AGENT_STATE_STORE is not local.state_store_url");
        }
        String table = named.group(1);
        JsonNode body = aws.resource("aws_dynamodb_table", table);
        Set<String> keys = new TreeSet<>(List.of(body.path("hash_key").asText() + "=HASH",
                body.path("range_key").asText() + "=RANGE"));
        layout(body.path("billing_mode").asText(), keys, keys(body.path("attribute"), "name", "type"),
                body.at("/ttl/0/attribute_name").asText(), body.at("/ttl/0/enabled").asBoolean(),
                body.at("/point_in_time_recovery/0/enabled").asBoolean(),
                body.has("global_secondary_index") || body.has("local_secondary_index"), problems);
        List<JsonNode> grants = new ArrayList<>();
        aws.files().values().forEach(file -> file.path("data").path("aws_iam_policy_document").forEach(document ->
                document.get(0).path("statement").forEach(grants::add)));
        grants(grants, "actions", "resources", "[\"${aws_dynamodb_table." + table + "[0].arn}\"]", problems);
        return problems;
    }

    private static void layout(String billing, Set<String> keys, Set<String> attributes, String ttl, boolean ttlOn,
                               boolean recovery, boolean indexes, List<String> problems) {
        expect(problems, "billing", "PAY_PER_REQUEST", billing);
        expect(problems, "keys", "[pk=HASH, sk=RANGE]", keys.toString());
        expect(problems, "key attributes", "[pk=S, sk=S]", attributes.toString());
        expect(problems, "TTL attribute", "expiresAt", ttl);
        expect(problems, "TTL enabled", "true", String.valueOf(ttlOn));
        expect(problems, "point-in-time recovery", "true", String.valueOf(recovery));
        expect(problems, "secondary indexes", "false", String.valueOf(indexes));
    }

    /** Every statement granting a dynamodb action grants exactly {@link #ACTIONS} on exactly the table. */
    private static void grants(List<JsonNode> statements, String actionKey, String resourceKey, String tableArn,
                               List<String> problems) {
        int granting = 0;
        for (JsonNode statement : statements) {
            Set<String> actions = new TreeSet<>();
            JsonNode listed = statement.path(actionKey);
            if (listed.isArray()) {
                listed.forEach(action -> actions.add(action.asText()));
            } else {
                actions.add(listed.asText());
            }
            if (actions.stream().noneMatch(action -> action.startsWith("dynamodb:") || action.contains("*"))) {
                continue;
            }
            granting++;
            expect(problems, "the state policy's actions", new TreeSet<>(ACTIONS).toString(), actions.toString());
            expect(problems, "the state policy's resource", tableArn, statement.path(resourceKey).toString());
        }
        if (granting == 0) {
            problems.add("no policy grants the functions the state table");
        }
    }

    private static Set<String> keys(JsonNode list, String name, String value) {
        Set<String> found = new TreeSet<>();
        list.forEach(entry -> found.add(entry.path(name).asText() + "=" + entry.path(value).asText()));
        return found;
    }

    private static void expect(List<String> problems, String what, String expected, String actual) {
        if (!expected.equals(actual)) {
            problems.add(what + ": expected " + expected + ", found " + actual);
        }
    }
}
