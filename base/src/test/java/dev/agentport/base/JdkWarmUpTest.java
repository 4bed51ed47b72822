package dev.agentport.base;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JdkWarmUpTest {

    @Test
    void theWarmUpRunsOnADaemonThreadOfItsOwnThatEnds() throws InterruptedException {
        for (Thread warmUp : new Thread[] {JdkWarmUp.start(), JdkWarmUp.startWithSha256()}) {
            assertEquals("jdk-warm-up", warmUp.getName());
            assertTrue(warmUp.isDaemon(), "a warm-up must never keep the process alive");
            warmUp.join(30_000);
            assertFalse(warmUp.isAlive(), "the warm-up did not end");
        }
    }
}
