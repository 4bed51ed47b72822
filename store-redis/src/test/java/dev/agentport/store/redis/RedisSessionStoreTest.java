package dev.agentport.store.redis;

import dev.agentport.session.InMemorySessionStore;
import dev.agentport.session.SessionStore;
import dev.agentport.session.SessionStoreContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The conversation store's contract on a real Redis server, plus the turns it keeps. */
class RedisSessionStoreTest extends SessionStoreContract {

    @RegisterExtension
    static final RedisStores stores = new RedisStores();

    @Override
    protected SessionStore newStore() {
        return new RedisSessionStore(stores.empty(), InMemorySessionStore.DEFAULT_TTL);
    }

    @Override
    protected SessionStore newStore(Duration ttl) {
        return new RedisSessionStore(stores.empty(), ttl);
    }

    @Override
    protected void pass(Duration time) throws InterruptedException {
        Thread.sleep(time.toMillis());
    }

    @Test
    void the_oldest_turns_go_past_the_limit_while_the_version_keeps_counting() {
        SessionStore store = new RedisSessionStore(stores.empty(), InMemorySessionStore.DEFAULT_TTL, 2);
        store.append("s", turn("1"));
        store.append("s", turn("2"));
        store.append("s", turn("3"));
        assertEquals(3, store.conversation("s").version());
        assertEquals(2, store.conversation("s").turns().size());
        assertEquals("2", store.conversation("s").turns().getFirst().input().asText());
    }

    @Test
    void a_hundred_turns_are_kept_by_default_as_in_memory() {
        SessionStore store = newStore();
        for (int i = 0; i < InMemorySessionStore.DEFAULT_MAX_TURNS + 5; i++) {
            store.append("s", turn("t" + i));
        }
        assertEquals(InMemorySessionStore.DEFAULT_MAX_TURNS, store.conversation("s").turns().size());
        assertEquals("t5", store.conversation("s").turns().getFirst().input().asText());
    }
}
