package dev.agentport.store.redis;

import dev.agentport.store.StateStoreProvider;
import dev.agentport.store.StateStoreSettings;
import dev.agentport.store.StateStores;

import java.util.Set;

/** Serves {@code AGENT_STATE_STORE=redis://host:port[/db]} and {@code rediss://...} (TLS). */
public final class RedisStateStoreProvider implements StateStoreProvider {

    @Override
    public Set<String> schemes() {
        return Set.of("redis", "rediss");
    }

    @Override
    public StateStores open(StateStoreSettings settings) {
        RedisConnection redis = RedisConnection.open(RedisLocation.parse(settings.location()), settings.password());
        return new StateStores(new RedisSessionStore(redis, settings.ttl()), new RedisTaskStore(redis, settings.ttl()),
                new RedisMcpSessionStore(redis, settings.ttl()), new RedisMcpReplies(redis, settings.ttl()),
                new RedisMcpTaskStore(redis, settings.ttl()), redis);
    }
}
