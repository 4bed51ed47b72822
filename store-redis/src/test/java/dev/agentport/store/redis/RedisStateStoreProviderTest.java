package dev.agentport.store.redis;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.agent.Turn;
import dev.agentport.session.McpSession;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.session.PausedRun;
import dev.agentport.agent.Interrupt;
import dev.agentport.store.StateStoreBackends;
import dev.agentport.store.StateStoreSettings;
import dev.agentport.store.StateStores;
import dev.agentport.store.StoreUnavailableException;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** AGENT_STATE_STORE=redis://... as a server opens it: found by scheme, checked at start-up, failing as a store. */
class RedisStateStoreProviderTest {

    private static final Duration TTL = Duration.ofHours(1);
    private static final String PASSWORD = "s3cret-redis-pw";

    private static StateStores open(String uri, String password) {
        return StateStoreBackends.open(StateStoreSettings.fromEnvironment(Map.of("AGENT_STATE_STORE", uri,
                "AGENT_STATE_STORE_PASSWORD", password), TTL), RedisStateStoreProviderTest.class.getClassLoader());
    }

    private static Turn turn(String text) {
        return new Turn(new TextNode(text), new TextNode("re: " + text), Instant.now());
    }

    @Test
    void a_redis_uri_opens_stores_every_instance_shares() throws Exception {
        try (RedisServer server = RedisServer.start();
             StateStores first = open(server.uri(), ""); StateStores second = open(server.uri() + "/0", "")) {
            assertTrue(first.sessions().append("s", 0, turn("hello")));
            assertEquals("hello", second.sessions().conversation("s").turns().getFirst().input().asText());
            assertTrue(second.mcpSessions().create(new McpSession("m", "2025-11-25", "c", Instant.now())));
            assertTrue(first.mcpSessions().find("m").isPresent());
        }
    }

    @Test
    void a_database_number_keeps_state_apart() throws Exception {
        try (RedisServer server = RedisServer.start();
             StateStores zero = open(server.uri() + "/0", ""); StateStores two = open(server.uri() + "/2", "")) {
            zero.sessions().append("s", 0, turn("hello"));
            assertEquals(0, two.sessions().conversation("s").version());
        }
    }

    @Test
    void a_path_that_is_not_a_database_number_names_the_variable() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> open("redis://127.0.0.1:6379/sessions", ""));
        assertTrue(e.getMessage().startsWith("AGENT_STATE_STORE "), e.getMessage());
    }

    @Test
    void an_unreachable_server_stops_start_up_naming_it() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        StoreUnavailableException e = assertThrows(StoreUnavailableException.class,
                () -> open("redis://127.0.0.1:" + port, PASSWORD));
        assertTrue(e.getMessage().startsWith("the Redis state store at redis://127.0.0.1:" + port + "/0 cannot be used"),
                e.getMessage());
        assertFalse(e.getMessage().contains(PASSWORD), e.getMessage());
    }

    @Test
    void a_server_that_requires_a_password_is_opened_with_the_password_setting() throws Exception {
        try (RedisServer server = RedisServer.start("--requirepass", PASSWORD);
             StateStores stores = open(server.uri(), PASSWORD)) {
            assertTrue(stores.sessions().append("s", 0, turn("hello")));
        }
    }

    @Test
    void a_wrong_or_missing_password_stops_start_up_without_showing_it() throws Exception {
        try (RedisServer server = RedisServer.start("--requirepass", PASSWORD)) {
            for (String wrong : List.of("", "not-" + PASSWORD)) {
                StoreUnavailableException e = assertThrows(StoreUnavailableException.class,
                        () -> open(server.uri(), wrong));
                assertFalse(e.getMessage().contains(PASSWORD), e.getMessage());
                assertTrue(e.getMessage().contains("redis://127.0.0.1:" + server.port), e.getMessage());
            }
        }
    }

    @Test
    void a_server_lost_during_a_call_is_a_store_failure_and_then_comes_back() throws Exception {
        try (RedisServer server = RedisServer.start("--requirepass", PASSWORD);
             StateStores stores = open(server.uri(), PASSWORD)) {
            stores.sessions().append("s", 0, turn("before"));
            server.kill();
            StoreUnavailableException e = assertThrows(StoreUnavailableException.class,
                    () -> stores.sessions().append("s", 1, turn("during")));
            assertTrue(e.getMessage().startsWith("the Redis state store at redis://127.0.0.1:"), e.getMessage());
            assertFalse(e.getMessage().contains(PASSWORD), e.getMessage());
            assertThrows(StoreUnavailableException.class, () -> stores.sessions().claimPaused("r"));
            assertThrows(StoreUnavailableException.class, () -> stores.tasks().get("t"));
            assertThrows(StoreUnavailableException.class, () -> stores.mcpSessions().find("m"));
            assertThrows(StoreUnavailableException.class, () -> stores.mcpReplies().expect("q"));
            assertThrows(StoreUnavailableException.class,
                    () -> stores.mcpReplies().deliver("q", new TextNode("answer")));
            assertThrows(StoreUnavailableException.class,
                    () -> stores.mcpReplies().await("q", Duration.ofSeconds(1)));
            server.restart();
            assertTrue(eventually(() -> stores.sessions().append("s", 0, turn("after"))),
                    "the store answers again once the server is back, scripts and all");
        }
    }

    @Test
    void every_key_written_has_a_time_to_live() throws Exception {
        try (RedisServer server = RedisServer.start(); StateStores stores = open(server.uri(), "")) {
            stores.sessions().append("s", 0, turn("hello"));
            stores.sessions().savePaused(new PausedRun("r", "s", new TextNode("in"),
                    new Interrupt(List.of("human_approval"), null, null), Instant.now()));
            stores.tasks().put(new A2aTask("t", "c", new TaskStatus(TaskState.WORKING, null, Instant.now()),
                    List.of(), null), 0);
            stores.mcpSessions().create(new McpSession("m", "2025-11-25", "c", Instant.now()));
            stores.mcpReplies().expect("q1");
            stores.mcpReplies().expect("q2");
            stores.mcpReplies().deliver("q2", new TextNode("answer"));
            try (RedisConnection redis = RedisConnection.open(RedisLocation.parse(URI.create(server.uri())), "")) {
                Set<String> keys = redis.call(jedis -> jedis.keys("*"));
                assertEquals(Set.of("agentport:conv:s", "agentport:turns:s", "agentport:paused:r",
                        "agentport:paused-in:s", "agentport:task:t", "agentport:tasks", "agentport:task-expiry",
                        "agentport:context:c", "agentport:mcp:m", "agentport:reply-wait:q1", "agentport:reply:q2"), keys);
                for (String key : keys) {
                    long ttl = redis.call(jedis -> jedis.pttl(key));
                    assertTrue(ttl > 0 && ttl <= TTL.toMillis(), key + " lives " + ttl + " ms");
                }
            }
        }
    }

    private static boolean eventually(java.util.function.BooleanSupplier call) throws InterruptedException {
        for (int attempt = 0; attempt < 50; attempt++) {
            try {
                return call.getAsBoolean();
            } catch (StoreUnavailableException notYet) {
                Thread.sleep(100);
            }
        }
        return false;
    }
}
