package dev.agentport.store.redis;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.net.URI;

/**
 * One real server and a connection to it for a test class ({@code @RegisterExtension static}): started before its
 * tests, closed after them, emptied before each store a test makes.
 */
final class RedisStores implements BeforeAllCallback, AfterAllCallback {

    private RedisServer server;
    private RedisConnection redis;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        server = RedisServer.start();
        redis = connect();
    }

    /** Another connection pool to the same server, as another instance has; the caller closes it. */
    RedisConnection connect() {
        return RedisConnection.open(RedisLocation.parse(URI.create(server.uri())), "");
    }

    /** The connection, after emptying the server. */
    RedisConnection empty() {
        redis.call(jedis -> jedis.flushDB());
        return redis;
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        try {
            if (redis != null) {
                redis.close();
            }
        } finally {
            if (server != null) {
                server.close();
            }
        }
    }
}
