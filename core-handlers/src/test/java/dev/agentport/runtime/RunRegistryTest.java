package dev.agentport.runtime;

import dev.agentport.agent.CancelCause;
import dev.agentport.agent.Cancellation;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunRegistryTest {

    @Test
    void theDrainWaitsForTheLastRunToEnd() throws InterruptedException {
        RunRegistry registry = new RunRegistry();
        RunRegistry.Registration first = registry.register("a", Cancellation.none());
        RunRegistry.Registration second = registry.register(null, Cancellation.none());

        assertFalse(registry.awaitIdle(Duration.ofMillis(30)), "two runs in progress");
        first.close();
        assertFalse(registry.awaitIdle(Duration.ofMillis(30)), "one run in progress");
        Thread.ofVirtual().start(second::close);
        assertTrue(registry.awaitIdle(Duration.ofSeconds(10)), "the last run ended while the drain waited");
    }

    @Test
    void aCancelByIdReachesEveryRunOfThatIdAndNoOther() {
        RunRegistry registry = new RunRegistry();
        Cancellation first = Cancellation.none();
        Cancellation again = Cancellation.none();
        Cancellation longerId = Cancellation.none();
        Cancellation noId = Cancellation.none();
        registry.register("task-1", first);
        registry.register("task-1", again);
        registry.register("task-1#2", longerId);
        registry.register(null, noId);

        assertTrue(registry.cancel("task-1", CancelCause.CLIENT_CANCELLED, null));
        assertTrue(first.isCancelled());
        assertTrue(again.isCancelled());
        assertFalse(longerId.isCancelled(), "another id that begins the same");
        assertFalse(noId.isCancelled());
        assertFalse(registry.cancel("task-2", CancelCause.CLIENT_CANCELLED, null), "no run of that id");
    }

    @Test
    void anIdleRegistryDrainsAtOnce() throws InterruptedException {
        assertTrue(new RunRegistry().awaitIdle(Duration.ZERO));
    }
}
