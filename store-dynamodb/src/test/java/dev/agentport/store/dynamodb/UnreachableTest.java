package dev.agentport.store.dynamodb;

import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.agent.Turn;
import dev.agentport.session.McpSession;
import dev.agentport.store.StateStores;
import dev.agentport.store.StoreUnavailableException;
import dev.agentport.task.TaskQuery;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * DynamoDB goes away after start-up: every read and write fails with {@link StoreUnavailableException} naming the
 * table and the operation, never a credential, and no write is reported as done.
 */
class UnreachableTest {

    private static DynamoDBProxyServer server;
    private static StateStores stores;

    @BeforeAll
    static void openThenStop() throws Exception {
        int port = LocalDynamoDb.freePort();
        server = ServerRunner.createServerFromCommandLineArgs(new String[] {"-inMemory", "-port", "" + port});
        server.start();
        URI endpoint = URI.create("http://127.0.0.1:" + port);
        try (var client = LocalDynamoDb.client(endpoint)) {
            client.createTable(LocalDynamoDb.layout("gone"));
        }
        stores = DynamoDbStateStores.open(LocalDynamoDb.client(endpoint), "gone", Duration.ofHours(1),
                Clock.systemUTC());
        server.stop();
    }

    @AfterAll
    static void close() throws Exception {
        stores.close();
    }

    @Test
    void reading_a_conversation_fails_as_unavailable() {
        unavailable("Query", () -> stores.sessions().conversation("s"));
    }

    @Test
    void appending_a_turn_fails_as_unavailable_instead_of_reporting_a_lost_race() {
        unavailable("PutItem", () -> stores.sessions().append("s", 0,
                new Turn(new TextNode("hi"), new TextNode("re: hi"), Instant.now())));
        unavailable("TransactWriteItems", () -> stores.sessions().append("s", 3,
                new Turn(new TextNode("hi"), new TextNode("re: hi"), Instant.now())));
    }

    @Test
    void claiming_a_paused_run_fails_as_unavailable() {
        unavailable("DeleteItem", () -> stores.sessions().claimPaused("r"));
    }

    @Test
    void task_reads_writes_and_listings_fail_as_unavailable() {
        A2aTask task = new A2aTask("t", "c", new TaskStatus(TaskState.WORKING, null, Instant.now()), List.of(), null);
        unavailable("GetItem", () -> stores.tasks().get("t"));
        unavailable("GetItem", () -> stores.tasks().put(task, 0));
        unavailable("Query", () -> stores.tasks().list(new TaskQuery("c", null, 10, null)));
    }

    @Test
    void mcp_sessions_fail_as_unavailable() {
        unavailable("PutItem", () -> stores.mcpSessions().create(
                new McpSession("m", "2025-11-25", "client", Instant.now())));
        unavailable("DeleteItem", () -> stores.mcpSessions().end("m"));
    }

    @Test
    void mcp_replies_fail_as_unavailable() {
        unavailable("PutItem", () -> stores.mcpReplies().expect("q"));
        unavailable("UpdateItem", () -> stores.mcpReplies().deliver("q", new TextNode("answer")));
        unavailable("GetItem", () -> stores.mcpReplies().await("q", Duration.ofSeconds(1)));
    }

    private static void unavailable(String operation, Executable call) {
        StoreUnavailableException e = assertThrows(StoreUnavailableException.class, call);
        assertTrue(e.getMessage().startsWith("DynamoDB table gone: " + operation + " failed"), e.getMessage());
        assertFalse(e.getMessage().contains(LocalDynamoDb.SECRET_KEY), e.getMessage());
        assertFalse(e.getMessage().contains(LocalDynamoDb.ACCESS_KEY), e.getMessage());
    }
}
