package dev.agentport.store.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.session.McpReplies;
import dev.agentport.store.StoreUnavailableException;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The client's answers to MCP server requests in the table, so that an answer posted to any instance reaches the tool
 * waiting on another: the item {@code reply#<request id>}/{@code reply} is the open wait; a deliver sets its
 * {@code doc} on condition that the wait is live and unanswered (of concurrent delivers one wins); the waiter reads it
 * with consistent reads every {@link #POLL}, and closes the wait with a delete that returns what the item held, so
 * that an answer set at the last moment is still taken and a later one is refused.
 */
final class DynamoDbMcpReplies implements McpReplies {

    static final Duration POLL = Duration.ofMillis(100);
    private static final String WHAT = "MCP reply";

    private final Table table;

    DynamoDbMcpReplies(Table table) {
        this.table = table;
    }

    private static Map<String, AttributeValue> key(String id) {
        return Items.key("reply#" + id, "reply");
    }

    @Override
    public void expect(String id) {
        Map<String, AttributeValue> item = Items.item("reply#" + id, "reply", table.expiry().expiresAt());
        table.call("PutItem", client -> client.putItem(builder -> builder.tableName(table.name()).item(item)));
    }

    @Override
    public boolean deliver(String id, JsonNode response) {
        AttributeValue doc = Items.doc(response, WHAT);
        try {
            table.call("UpdateItem", client -> client.updateItem(builder -> builder.tableName(table.name())
                    .key(key(id))
                    .updateExpression("SET " + Items.DOC + " = :doc")
                    .conditionExpression(Items.LIVE + " AND attribute_not_exists(" + Items.DOC + ")")
                    .expressionAttributeValues(Items.values(table.expiry().now(), ":doc", doc))));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    @Override
    public Optional<JsonNode> await(String id, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + Math.max(0, timeout.toNanos());
        try {
            while (true) {
                if (Thread.interrupted()) {
                    throw new InterruptedException("the wait for " + id + " was interrupted");
                }
                Map<String, AttributeValue> item = read(id);
                if (!table.expiry().live(item)) {
                    return Optional.empty();
                }
                long left = deadline - System.nanoTime();
                if (item.containsKey(Items.DOC) || left <= 0) {
                    return close(id);
                }
                Thread.sleep(Math.min(POLL.toMillis(), Math.max(1, left / 1_000_000)));
            }
        } catch (InterruptedException e) {
            forget(id);
            throw e;
        }
    }

    /**
     * Reads the wait. The SDK refuses to go on on an interrupted thread ({@link AbortedException}, the flag cleared):
     * that is this wait's interrupt, not an outage of the store.
     */
    private Map<String, AttributeValue> read(String id) throws InterruptedException {
        try {
            return table.call("GetItem", client -> client.getItem(builder -> builder
                    .tableName(table.name()).key(key(id)).consistentRead(true))).item();
        } catch (StoreUnavailableException e) {
            if (Thread.interrupted() || e.getCause() instanceof AbortedException) {
                throw new InterruptedException("the wait for " + id + " was interrupted");
            }
            throw e;
        }
    }

    /** Deletes the wait, returning the answer it held, if any. */
    private Optional<JsonNode> close(String id) {
        Map<String, AttributeValue> old = table.call("DeleteItem", client -> client.deleteItem(builder -> builder
                .tableName(table.name()).key(key(id)).returnValues(ReturnValue.ALL_OLD))).attributes();
        return table.expiry().live(old) && old.containsKey(Items.DOC)
                ? Optional.of(Items.readDoc(old, WHAT))
                : Optional.empty();
    }

    @Override
    public void forget(String id) {
        table.call("DeleteItem", client -> client.deleteItem(builder -> builder.tableName(table.name())
                .key(key(id))));
    }
}
