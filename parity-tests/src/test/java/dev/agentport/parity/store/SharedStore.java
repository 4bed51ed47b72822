package dev.agentport.parity.store;

import dev.agentport.contract.HttpTarget;
import dev.agentport.parity.interop.ServerJar;
import dev.agentport.store.redis.RedisServer;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** Packaged server jars that keep their state in one real redis-server, as instances behind a load balancer do. */
final class SharedStore {

    static final Path ROOT = Path.of(System.getProperty("agentport.root", "..")).toAbsolutePath().normalize();

    private SharedStore() {
    }

    /** The settings of an instance on this store: Redis state, MCP sessions in the store, the default agent quick. */
    static Map<String, String> settings(RedisServer redis, String... more) {
        Map<String, String> settings = new HashMap<>(Map.of(
                "AGENT_STATE_STORE", redis.uri(),
                "AGENT_MCP_SESSIONS", "store",
                "DEFAULT_AGENT_WORD_DELAY_MS", "0"));
        for (int i = 0; i + 1 < more.length; i += 2) {
            settings.put(more[i], more[i + 1]);
        }
        return settings;
    }

    static ServerJar server(RedisServer redis, String... more) throws Exception {
        return ServerJar.start(ROOT, settings(redis, more));
    }

    static HttpTarget target(String name, ServerJar server) {
        return new HttpTarget(name, server.baseUrl, true);
    }

    static void close(AutoCloseable... closeables) throws Exception {
        for (AutoCloseable closeable : closeables) {
            if (closeable != null) {
                closeable.close();
            }
        }
    }
}
