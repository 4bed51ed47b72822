package dev.agentport.store.dynamodb;

import dev.agentport.session.McpSession;
import dev.agentport.session.McpSessionStore;
import dev.agentport.store.StateJson;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

import java.util.Map;
import java.util.Optional;

/**
 * MCP sessions in the table: the item {@code mcp#<session id>}/{@code mcp}, created by a put conditional on no live
 * session of that id, ended by a delete conditional on it being live.
 */
final class DynamoDbMcpSessionStore implements McpSessionStore {

    private final Table table;

    DynamoDbMcpSessionStore(Table table) {
        this.table = table;
    }

    static Map<String, AttributeValue> sessionKey(String id) {
        return Items.key("mcp#" + id, "mcp");
    }

    @Override
    public boolean create(McpSession session) {
        Map<String, AttributeValue> item = Items.item("mcp#" + session.id(), "mcp", table.expiry().expiresAt());
        item.put(Items.DOC, Items.doc(StateJson.mcpSession(session), "MCP session"));
        try {
            table.call("PutItem", client -> client.putItem(builder -> builder.tableName(table.name()).item(item)
                    .conditionExpression(Items.ABSENT)
                    .expressionAttributeValues(Items.values(table.expiry().now()))));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    @Override
    public Optional<McpSession> find(String id) {
        Map<String, AttributeValue> item = table.call("GetItem", client -> client.getItem(builder -> builder
                .tableName(table.name()).key(sessionKey(id)).consistentRead(true))).item();
        return table.expiry().live(item)
                ? Optional.of(StateJson.readMcpSession(Items.readDoc(item, "MCP session")))
                : Optional.empty();
    }

    @Override
    public boolean end(String id) {
        try {
            table.call("DeleteItem", client -> client.deleteItem(builder -> builder.tableName(table.name())
                    .key(sessionKey(id))
                    .conditionExpression(Items.LIVE)
                    .expressionAttributeValues(Items.values(table.expiry().now()))));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }
}
