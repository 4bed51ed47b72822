package dev.agentport.store.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.store.StoreUnavailableException;
import dev.agentport.task.McpTaskStore;
import dev.agentport.task.StoredMcpTask;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * MCP tasks in the table: the item {@code mcptask#<id>}/{@code mcptask} with its document and version, written by a
 * put conditional on the version (on no live item, for the first write), kept for the time to live since the last
 * write.
 */
final class DynamoDbMcpTaskStore implements McpTaskStore {

    private static final String VERSION = "version";

    private final Table table;
    private final Duration ttl;

    DynamoDbMcpTaskStore(Table table, Duration ttl) {
        this.table = table;
        this.ttl = ttl;
    }

    static Map<String, AttributeValue> taskKey(String taskId) {
        return Items.key("mcptask#" + taskId, "mcptask");
    }

    @Override
    public Optional<StoredMcpTask> get(String taskId) {
        Map<String, AttributeValue> item = table.call("GetItem", client -> client.getItem(builder -> builder
                .tableName(table.name()).key(taskKey(taskId)).consistentRead(true))).item();
        if (item == null || item.isEmpty() || !table.expiry().live(item)) {
            return Optional.empty();
        }
        JsonNode doc = Items.readDoc(item, "MCP task");
        if (!(doc instanceof ObjectNode task)) {
            throw new StoreUnavailableException("the stored MCP task " + taskId + " is not an object");
        }
        return Optional.of(new StoredMcpTask(task, Items.number(item, VERSION)));
    }

    @Override
    public boolean put(String taskId, ObjectNode task, long expectedVersion) {
        long now = table.expiry().now();
        Map<String, AttributeValue> item = Items.item("mcptask#" + taskId, "mcptask", table.expiry().expiresAt());
        item.put(VERSION, Items.n(expectedVersion + 1));
        item.put(Items.DOC, Items.doc(task, "MCP task"));
        PutItemRequest.Builder put = PutItemRequest.builder().tableName(table.name()).item(item);
        if (expectedVersion == 0) {
            put.conditionExpression(Items.ABSENT).expressionAttributeValues(Items.values(now));
        } else {
            put.conditionExpression("version = :version AND " + Items.LIVE)
                    .expressionAttributeValues(Items.values(now, ":version", Items.n(expectedVersion)));
        }
        PutItemRequest request = put.build();
        try {
            table.call("PutItem", client -> client.putItem(request));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    @Override
    public Duration ttl() {
        return ttl;
    }
}
