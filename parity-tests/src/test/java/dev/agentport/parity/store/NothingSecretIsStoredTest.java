package dev.agentport.parity.store;

import dev.agentport.contract.A2aJsonRpcCases;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.HttpTarget;
import dev.agentport.parity.interop.ServerJar;
import dev.agentport.store.redis.RedisServer;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a durable store holds is the records' data only: after every face has been used with a bearer token and an
 * Aion daemon payload, no key and no value in Redis carries the token or any of the payload's values.
 */
class NothingSecretIsStoredTest {

    private static final String TOKEN = "bearer-token-7d41c2e9";
    private static final String DAEMON_SECRET = "daemon-secret-0b9e77";

    @Test
    void no_stored_key_or_value_holds_the_bearer_token_or_an_aion_payload() throws Exception {
        try (RedisServer redis = RedisServer.start();
             ServerJar server = SharedStore.server(redis, "AGENT_AUTH_TOKEN", TOKEN, "AGENT_AION_DAEMON", "optional")) {
            HttpTarget target = SharedStore.target("a", server);
            String auth = "Bearer " + TOKEN;
            String params = A2aJsonRpcCases.aionParams(A2aJsonRpcCases.aionPayload()).replace("us-west-2",
                    DAEMON_SECRET).replace("{run}", "stored");
            assertTrue(params.contains(DAEMON_SECRET), "the payload carries the marker");

            List<Exchange> answers = new ArrayList<>();
            answers.add(target.send(CaseRequest.post("/invoke").header("Authorization", auth)
                    .json("{\"input\":\"hello\",\"session_id\":\"secret-check\"}").build()));
            answers.add(target.send(CaseRequest.post("/invoke").header("Authorization", auth)
                    .json("{\"input\":\"please approve the refund\",\"session_id\":\"secret-pause\"}").build()));
            answers.add(target.send(CaseRequest.post("/a2a").header("Authorization", auth)
                    .header("A2A-Version", "1.0").header("A2A-Extensions", A2aJsonRpcCases.AION)
                    .json("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendMessage\",\"params\":" + params + "}")
                    .build()));
            answers.add(target.send(CaseRequest.post("/mcp").header("Authorization", auth)
                    .header("Accept", "application/json, text/event-stream")
                    .json("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                            + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}")
                    .build()));
            answers.forEach(answer -> assertEquals(200, answer.status(), answer.toString()));

            String everything = dump(redis);
            assertFalse(everything.isEmpty(), "the store holds the conversations, the task and the session");
            assertFalse(everything.contains(TOKEN), "the bearer token is stored");
            assertFalse(everything.contains(DAEMON_SECRET), "the Aion payload is stored");
            assertFalse(everything.contains("9e69c4ef-d1a5-4745-94a5-1f5e3f587dbb"), "the daemon's identity is stored");
        }
    }

    /** Every key of the store with its value, whatever the type. */
    private static String dump(RedisServer redis) {
        URI uri = URI.create(redis.uri());
        StringBuilder all = new StringBuilder();
        try (Jedis jedis = new Jedis(uri.getHost(), uri.getPort())) {
            for (String key : jedis.keys("*")) {
                all.append(key).append(" = ");
                switch (jedis.type(key)) {
                    case "string" -> all.append(jedis.get(key));
                    case "list" -> all.append(jedis.lrange(key, 0, -1));
                    case "set" -> all.append(jedis.smembers(key));
                    case "zset" -> all.append(jedis.zrange(key, 0, -1));
                    case "hash" -> all.append(jedis.hgetAll(key));
                    default -> all.append("(").append(jedis.type(key)).append(")");
                }
                all.append('\n');
            }
        }
        return all.toString();
    }
}
