package dev.agentport.store.redis;

import dev.agentport.store.StoreUnavailableException;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisNoScriptException;

import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/**
 * A pool of connections to one Redis server, through which every store call goes: any failure of the server (refused,
 * timed out, an error reply) becomes a {@link StoreUnavailableException} that names the server, never the password.
 */
final class RedisConnection implements AutoCloseable {

    static final int POOL_SIZE = 64;
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    static final Duration SOCKET_TIMEOUT = Duration.ofSeconds(2);
    /** How long a call waits for a free connection when all {@link #POOL_SIZE} are busy. */
    static final Duration POOL_WAIT = Duration.ofSeconds(2);

    static final Duration IDLE_CHECK = Duration.ofSeconds(5);

    private final JedisPooled jedis;
    private final RedisLocation location;

    private RedisConnection(JedisPooled jedis, RedisLocation location) {
        this.jedis = jedis;
        this.location = location;
    }

    /** Connects and pings; an unreachable server or a refused password throws {@link StoreUnavailableException}. */
    static RedisConnection open(RedisLocation location, String password) {
        DefaultJedisClientConfig.Builder client = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis((int) CONNECT_TIMEOUT.toMillis())
                .socketTimeoutMillis((int) SOCKET_TIMEOUT.toMillis())
                .database(location.database())
                .ssl(location.tls())
                .clientName("agentport");
        if (!password.isEmpty()) {
            client.password(password);
        }
        if (location.user() != null) {
            client.user(location.user());
        }
        ConnectionPoolConfig pool = new ConnectionPoolConfig();
        pool.setMaxTotal(POOL_SIZE);
        pool.setMaxIdle(POOL_SIZE);
        pool.setMinIdle(0);
        pool.setMaxWait(POOL_WAIT);
        pool.setJmxEnabled(false);
        // Idle connections are checked every few seconds, so that those a server restart broke are gone soon after.
        pool.setTestWhileIdle(true);
        pool.setTimeBetweenEvictionRuns(IDLE_CHECK);
        pool.setNumTestsPerEvictionRun(-1);
        RedisConnection connection = new RedisConnection(
                new JedisPooled(new HostAndPort(location.host(), location.port()), client.build(), pool), location);
        try {
            connection.call(JedisPooled::ping);
        } catch (StoreUnavailableException e) {
            connection.close();
            throw new StoreUnavailableException("the Redis state store at " + location + " cannot be used: "
                    + reason(e.getCause()), e.getCause());
        }
        return connection;
    }

    RedisLocation location() {
        return location;
    }

    /** Runs commands on a pooled connection. */
    <T> T call(Function<JedisPooled, T> command) {
        try {
            return command.apply(jedis);
        } catch (JedisException e) {
            throw new StoreUnavailableException("the Redis state store at " + location + " failed: " + reason(e), e);
        }
    }

    /** Runs a script as one atomic step. */
    Object run(RedisScript script, List<String> keys, List<String> args) {
        return call(redis -> {
            try {
                return redis.evalsha(script.sha(), keys, args);
            } catch (JedisNoScriptException unknownYet) {
                return redis.eval(script.source(), keys, args);
            }
        });
    }

    private static String reason(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return root.getClass().getSimpleName() + (message == null ? "" : " (" + message + ")");
    }

    @Override
    public void close() {
        jedis.close();
    }
}
