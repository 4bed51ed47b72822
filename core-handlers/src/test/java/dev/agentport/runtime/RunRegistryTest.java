package dev.agentport.runtime;

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
    void anIdleRegistryDrainsAtOnce() throws InterruptedException {
        assertTrue(new RunRegistry().awaitIdle(Duration.ZERO));
    }
}
