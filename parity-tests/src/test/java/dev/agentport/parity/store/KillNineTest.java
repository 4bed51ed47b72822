package dev.agentport.parity.store;

import dev.agentport.contract.Exchange;
import dev.agentport.contract.HttpTarget;
import dev.agentport.parity.interop.ServerJar;
import dev.agentport.store.redis.RedisServer;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An instance killed with SIGKILL in the middle of a conversation loses nothing another instance needs. */
class KillNineTest {

    @Test
    void after_kill_9_a_new_instance_on_the_same_store_continues_the_conversation_and_the_paused_run()
            throws Exception {
        ServerJar killed = null;
        ServerJar replacement = null;
        try (RedisServer redis = RedisServer.start()) {
            killed = SharedStore.server(redis, "DEFAULT_AGENT_WORD_DELAY_MS", "200");
            HttpTarget first = SharedStore.target("killed", killed);
            assertEquals(200, Calls.invoke(first, "kill-1", "hello").status());
            Exchange paused = Calls.invoke(first, "kill-refund", "please approve the refund");
            assertTrue(paused.json().at("/metadata/interrupted").asBoolean(), paused::toString);
            HttpTarget streaming = first;
            CompletableFuture<Exchange> inFlight = CompletableFuture.supplyAsync(() -> {
                try {
                    return Calls.stream(streaming, "kill-1", "a long answer, cut short");
                } catch (Exception e) {
                    return null;
                }
            });
            Thread.sleep(700);
            assertTrue(!inFlight.isDone(), "the turn is still streaming when the server is killed");
            killed.kill();

            replacement = SharedStore.server(redis);
            HttpTarget second = SharedStore.target("replacement", replacement);
            Exchange next = Calls.invoke(second, "kill-1", "are you there?");
            assertEquals(200, next.status(), next::toString);
            assertTrue(next.json().path("output").asText().contains("turn 2 of this session"),
                    "the finished turn is kept and the cut one is not half there: " + next);
            Exchange resumed = Calls.resume(second, "kill-refund", "yes");
            assertEquals(200, resumed.status(), resumed::toString);
            assertTrue(resumed.json().path("output").asText().startsWith("Approved"), resumed::toString);
        } finally {
            SharedStore.close(killed, replacement);
        }
    }
}
