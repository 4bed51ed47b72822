package dev.agentport.store.dynamodb;

import dev.agentport.agent.Turn;
import dev.agentport.session.Conversation;
import dev.agentport.session.PausedRun;
import dev.agentport.session.SessionStore;
import dev.agentport.store.StateJson;
import dev.agentport.store.StoreUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Conversations and paused runs in the table. A conversation is the partition {@code conv#<session id>}: one item per
 * turn, sort key {@code turn#<version, 19 digits>}, so appending against version v is a conditional put of turn v+1
 * (checked, in one transaction, against turn v still being there); a paused run is the item
 * {@code run#<run id>}/{@code run}, claimed by a conditional delete, with a marker {@code paused#<run id>} in its
 * conversation's partition. Each turn expires the time to live after it was written: a conversation is its live turns,
 * the most recent {@code maxTurns} of them, and its version is its newest live turn's.
 */
final class DynamoDbSessionStore implements SessionStore {

    private static final Logger LOG = LoggerFactory.getLogger(DynamoDbSessionStore.class);
    private static final String TURN = "turn#";
    private static final String PAUSED = "paused#";
    private static final String SESSION_ID = "sessionId";

    private final Table table;
    private final int maxTurns;

    DynamoDbSessionStore(Table table, int maxTurns) {
        this.table = table;
        this.maxTurns = maxTurns;
    }

    static String conversationKey(String sessionId) {
        return "conv#" + sessionId;
    }

    static String turnKey(long version) {
        return TURN + String.format("%019d", version);
    }

    static String runKey(String runId) {
        return "run#" + runId;
    }

    @Override
    public Conversation conversation(String sessionId) {
        List<Turn> newestFirst = new ArrayList<>();
        long version = 0;
        Map<String, AttributeValue> start = null;
        do {
            QueryResponse page = queryTurns(sessionId, start);
            for (Map<String, AttributeValue> item : page.items()) {
                if (!table.expiry().live(item)) {
                    if (version > 0) {
                        return conversation(newestFirst, version); // older turns expired before this one
                    }
                    continue; // what is left of an expired conversation whose id was used again
                }
                if (version == 0) {
                    version = Long.parseLong(Items.text(item, Items.SK).substring(TURN.length()));
                }
                newestFirst.add(StateJson.readTurn(Items.readDoc(item, "turn")));
                if (newestFirst.size() == maxTurns) {
                    return conversation(newestFirst, version);
                }
            }
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return conversation(newestFirst, version);
    }

    private static Conversation conversation(List<Turn> newestFirst, long version) {
        return version == 0 ? Conversation.EMPTY : new Conversation(newestFirst.reversed(), version);
    }

    private QueryResponse queryTurns(String sessionId, Map<String, AttributeValue> start) {
        return table.call("Query", client -> client.query(QueryRequest.builder()
                .tableName(table.name())
                .keyConditionExpression("pk = :pk AND begins_with(sk, :turn)")
                .expressionAttributeValues(Map.of(":pk", Items.s(conversationKey(sessionId)), ":turn", Items.s(TURN)))
                .scanIndexForward(false)
                .consistentRead(true)
                .limit(maxTurns)
                .exclusiveStartKey(start)
                .build()));
    }

    @Override
    public boolean append(String sessionId, long expectedVersion, Turn turn) {
        Map<String, AttributeValue> item = Items.item(conversationKey(sessionId), turnKey(expectedVersion + 1),
                table.expiry().expiresAt());
        item.put(Items.DOC, Items.doc(StateJson.turn(turn), "turn"));
        long now = table.expiry().now();
        Put put = Put.builder().tableName(table.name()).item(item)
                .conditionExpression(Items.ABSENT).expressionAttributeValues(Items.values(now)).build();
        if (expectedVersion == 0) {
            try {
                table.call("PutItem", client -> client.putItem(builder -> builder.tableName(table.name())
                        .item(put.item()).conditionExpression(put.conditionExpression())
                        .expressionAttributeValues(put.expressionAttributeValues())));
                return true;
            } catch (ConditionalCheckFailedException e) {
                return false;
            }
        }
        ConditionCheck current = ConditionCheck.builder().tableName(table.name())
                .key(Items.key(conversationKey(sessionId), turnKey(expectedVersion)))
                .conditionExpression(Items.LIVE).expressionAttributeValues(Items.values(now)).build();
        return Transactions.write(table, List.of(TransactWriteItem.builder().conditionCheck(current).build(),
                TransactWriteItem.builder().put(put).build()));
    }

    @Override
    public boolean exists(String sessionId) {
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            QueryResponse page = table.call("Query", client -> client.query(QueryRequest.builder()
                    .tableName(table.name())
                    .keyConditionExpression("pk = :pk")
                    .expressionAttributeValues(Map.of(":pk", Items.s(conversationKey(sessionId))))
                    .projectionExpression("pk, sk, expiresAt")
                    .consistentRead(true)
                    .exclusiveStartKey(from)
                    .build()));
            for (Map<String, AttributeValue> item : page.items()) {
                String sk = Items.text(item, Items.SK);
                if (table.expiry().live(item)
                        && (sk.startsWith(TURN) || sk.startsWith(PAUSED) && paused(sk.substring(PAUSED.length())))) {
                    return true;
                }
            }
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return false;
    }

    /** Whether a paused run is still there: its marker may outlive a claim whose clean-up failed. */
    private boolean paused(String runId) {
        Map<String, AttributeValue> item = table.call("GetItem", client -> client.getItem(builder -> builder
                .tableName(table.name()).key(Items.key(runKey(runId), "run")).consistentRead(true))).item();
        return table.expiry().live(item);
    }

    @Override
    public void savePaused(PausedRun run) {
        long expiresAt = table.expiry().expiresAt();
        Map<String, AttributeValue> item = Items.item(runKey(run.runId()), "run", expiresAt);
        item.put(Items.DOC, Items.doc(StateJson.pausedRun(run), "paused run"));
        item.put(SESSION_ID, Items.s(run.sessionId()));
        Map<String, AttributeValue> marker = Items.item(conversationKey(run.sessionId()), PAUSED + run.runId(),
                expiresAt);
        table.call("PutItem", client -> client.putItem(builder -> builder.tableName(table.name()).item(marker)));
        table.call("PutItem", client -> client.putItem(builder -> builder.tableName(table.name()).item(item)));
    }

    @Override
    public Optional<PausedRun> claimPaused(String runId) {
        DeleteItemResponse deleted;
        try {
            deleted = table.call("DeleteItem", client -> client.deleteItem(builder -> builder
                    .tableName(table.name())
                    .key(Items.key(runKey(runId), "run"))
                    .conditionExpression("attribute_exists(pk)")
                    .returnValues(ReturnValue.ALL_OLD)));
        } catch (ConditionalCheckFailedException e) {
            return Optional.empty();
        }
        Map<String, AttributeValue> item = deleted.attributes();
        if (!table.expiry().live(item)) {
            return Optional.empty();
        }
        PausedRun run = StateJson.readPausedRun(Items.readDoc(item, "paused run"));
        try {
            table.call("DeleteItem", client -> client.deleteItem(builder -> builder.tableName(table.name())
                    .key(Items.key(conversationKey(run.sessionId()), PAUSED + runId))));
        } catch (StoreUnavailableException e) {
            LOG.warn("claimed paused run {} but could not remove its marker: {}", runId, e.getMessage());
        }
        return Optional.of(run);
    }
}
