package dev.agentport.store.dynamodb;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.agent.Interrupt;
import dev.agentport.agent.Turn;
import dev.agentport.session.McpSession;
import dev.agentport.session.PausedRun;
import dev.agentport.store.StateStores;
import dev.agentport.task.TaskQuery;
import dev.agentport.testing.MovableClock;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * DynamoDB deletes expired items days late: until it does, an item past its {@code expiresAt} is still in the table,
 * and the stores read it as absent and let its key be used again.
 */
class LazyExpiryTest {

    private static final Duration TTL = Duration.ofSeconds(60);

    private final MovableClock clock = new MovableClock();
    private final String table = LocalDynamoDb.newTable("expiry");
    private final StateStores stores = DynamoDbStateStores.open(LocalDynamoDb.client(), table, TTL, clock);

    @Test
    void an_expired_conversation_still_in_the_table_is_empty_and_begins_again_at_version_1() {
        stores.sessions().append("s", 0, turn("old 1"));
        stores.sessions().append("s", 1, turn("old 2"));
        clock.pass(TTL.plusSeconds(1));
        assertTrue(stored("conv#s", DynamoDbSessionStore.turnKey(2)));
        assertEquals(0, stores.sessions().conversation("s").version());
        assertFalse(stores.sessions().exists("s"));

        assertTrue(stores.sessions().append("s", 0, turn("new 1")));
        assertEquals(1, stores.sessions().conversation("s").version());
        assertEquals(List.of("new 1"), stores.sessions().conversation("s").turns().stream()
                .map(t -> t.input().asText()).toList());
        assertTrue(stores.sessions().append("s", 1, turn("new 2")), "over the expired turn 2");
    }

    @Test
    void an_expired_paused_run_still_in_the_table_cannot_be_claimed() {
        stores.sessions().savePaused(new PausedRun("r", "s", new TextNode("approve"),
                new Interrupt(List.of("human_approval"), null, null), Instant.now()));
        clock.pass(TTL.plusSeconds(1));
        assertTrue(stored("run#r", "run"));
        assertTrue(stores.sessions().claimPaused("r").isEmpty());
        assertFalse(stores.sessions().exists("s"));
    }

    @Test
    void an_expired_task_still_in_the_table_is_unknown_unlisted_and_created_again_at_version_1() {
        assertTrue(stores.tasks().put(task(TaskState.WORKING), 0));
        clock.pass(TTL.plusSeconds(1));
        assertTrue(stored("task#t", "task"));
        assertTrue(stores.tasks().get("t").isEmpty());
        assertEquals(0, stores.tasks().list(new TaskQuery("c", null, 10, null)).totalSize());

        assertTrue(stores.tasks().put(task(TaskState.SUBMITTED), 0));
        assertEquals(1, stores.tasks().get("t").orElseThrow().version());
        assertEquals(1, stores.tasks().list(new TaskQuery("c", null, 10, null)).totalSize());
    }

    @Test
    void an_expired_mcp_session_still_in_the_table_is_not_found_cannot_be_ended_and_is_created_again() {
        McpSession session = new McpSession("m", "2025-11-25", "client", Instant.now());
        assertTrue(stores.mcpSessions().create(session));
        clock.pass(TTL.plusSeconds(1));
        assertTrue(stored("mcp#m", "mcp"));
        assertTrue(stores.mcpSessions().find("m").isEmpty());
        assertFalse(stores.mcpSessions().end("m"));
        assertTrue(stores.mcpSessions().create(session));
        assertTrue(stores.mcpSessions().find("m").isPresent());
    }

    @Test
    void an_expired_wait_for_an_mcp_reply_still_in_the_table_refuses_the_answer_and_ends_empty() throws Exception {
        stores.mcpReplies().expect("q");
        clock.pass(TTL.plusSeconds(1));
        assertTrue(stored("reply#q", "reply"));
        assertFalse(stores.mcpReplies().deliver("q", new TextNode("too late")));
        assertTrue(stores.mcpReplies().await("q", Duration.ofSeconds(5)).isEmpty());
    }

    @Test
    void every_item_carries_expires_at_in_whole_epoch_seconds_rounded_up() {
        stores.mcpSessions().create(new McpSession("m", "2025-11-25", "client", Instant.now()));
        Map<String, AttributeValue> item = item("mcp#m", "mcp");
        long expected = clock.instant().plus(TTL).getEpochSecond();
        assertEquals(Long.toString(expected), item.get("expiresAt").n());
    }

    private static Turn turn(String text) {
        return new Turn(new TextNode(text), new TextNode("re: " + text), Instant.now());
    }

    private static A2aTask task(TaskState state) {
        return new A2aTask("t", "c", new TaskStatus(state, null, Instant.now()), List.of(), null);
    }

    private boolean stored(String pk, String sk) {
        return !item(pk, sk).isEmpty();
    }

    private Map<String, AttributeValue> item(String pk, String sk) {
        try (DynamoDbClient client = LocalDynamoDb.client()) {
            return client.getItem(builder -> builder.tableName(table).key(Items.key(pk, sk))).item();
        }
    }
}
