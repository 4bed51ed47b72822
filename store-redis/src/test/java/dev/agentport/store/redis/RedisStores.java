package dev.agentport.store.redis;

import java.net.URI;

/** One real server and a connection to it, shared by a test class; emptied before each store a test makes. */
final class RedisStores implements AutoCloseable {

    final RedisServer server;
    final RedisConnection redis;

    private RedisStores(RedisServer server, RedisConnection redis) {
        this.server = server;
        this.redis = redis;
    }

    static RedisStores start() throws Exception {
        RedisServer server = RedisServer.start();
        return new RedisStores(server, RedisConnection.open(RedisLocation.parse(URI.create(server.uri())), ""));
    }

    /** The connection, after emptying the server. */
    RedisConnection empty() {
        redis.call(jedis -> jedis.flushDB());
        return redis;
    }

    static void close(RedisStores stores) throws Exception {
        if (stores != null) {
            stores.close();
        }
    }

    @Override
    public void close() throws Exception {
        try {
            redis.close();
        } finally {
            server.close();
        }
    }
}
