package dev.agentport.store.dynamodb;

import dev.agentport.session.InMemorySessionStore;
import dev.agentport.store.StateStoreSettings;
import dev.agentport.store.StateStores;
import dev.agentport.store.StoreUnavailableException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/** Every store in one DynamoDB table, checked at start-up with DescribeTable. */
public final class DynamoDbStateStores {

    /** Turns a conversation keeps, as many as the in-memory store keeps. */
    public static final int MAX_TURNS = InMemorySessionStore.DEFAULT_MAX_TURNS;

    private DynamoDbStateStores() {
    }

    /**
     * The stores in {@code table}, through {@code client}, which {@link StateStores#close()} closes. Throws
     * {@link IllegalArgumentException} naming {@code AGENT_STATE_STORE} when the table does not exist or has another
     * key schema, and {@link StoreUnavailableException} when DynamoDB cannot be reached.
     */
    public static StateStores open(DynamoDbClient client, String table, Duration ttl, Clock clock) {
        Table shared = new Table(client, table, new Expiry(ttl, clock));
        try {
            check(shared);
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
        return new StateStores(new DynamoDbSessionStore(shared, MAX_TURNS), new DynamoDbTaskStore(shared),
                new DynamoDbMcpSessionStore(shared), new DynamoDbMcpReplies(shared),
                new DynamoDbMcpTaskStore(shared, ttl), client::close);
    }

    private static void check(Table table) {
        TableDescription description;
        try {
            description = table.client().describeTable(builder -> builder.tableName(table.name())).table();
        } catch (ResourceNotFoundException e) {
            throw new IllegalArgumentException(StateStoreSettings.VARIABLE + " names the DynamoDB table "
                    + table.name() + ", which does not exist in this region and account");
        } catch (SdkException e) {
            throw table.unavailable("DescribeTable", e);
        }
        List<KeySchemaElement> keys = description.keySchema();
        boolean layout = keys.size() == 2
                && keys.contains(KeySchemaElement.builder().attributeName(Items.PK).keyType(KeyType.HASH).build())
                && keys.contains(KeySchemaElement.builder().attributeName(Items.SK).keyType(KeyType.RANGE).build());
        if (!layout) {
            throw new IllegalArgumentException(StateStoreSettings.VARIABLE + " names the DynamoDB table "
                    + table.name() + ", whose key is not the partition key pk and the sort key sk (both strings)");
        }
    }
}
