package dev.agentport.store.dynamodb;

import dev.agentport.session.McpReplies;
import dev.agentport.session.McpRepliesContract;
import dev.agentport.store.StateStores;
import org.junit.jupiter.api.AfterEach;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** The MCP replies' contract on DynamoDB Local; another instance is another client on the same table. */
class DynamoDbMcpRepliesTest extends McpRepliesContract {

    private final Map<McpReplies, String> tables = new IdentityHashMap<>();
    private final List<StateStores> opened = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (StateStores stores : opened) {
            stores.close();
        }
    }

    @Override
    protected McpReplies newReplies() {
        return open(LocalDynamoDb.newTable("replies"));
    }

    @Override
    protected McpReplies sibling(McpReplies replies) {
        return open(tables.get(replies));
    }

    private McpReplies open(String table) {
        StateStores stores = DynamoDbStateStores.open(LocalDynamoDb.client(), table, Duration.ofDays(7),
                Clock.systemUTC());
        opened.add(stores);
        tables.put(stores.mcpReplies(), table);
        return stores.mcpReplies();
    }
}
