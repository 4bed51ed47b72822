package dev.agentport.runtime;

import dev.agentport.agent.CancelCause;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.testing.TestRuns;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run registered when built, for a face that answers its client before the run's thread starts. */
class RegisteredNowRulesTest {

    private final Runs runs = new Runs(new DefaultAgent(Duration.ZERO), new InMemorySessionStore(),
            Duration.ofSeconds(30), null);

    private Run registeredNow(String taskId) {
        return runs.newRun(TestRuns.request()).taskId(taskId).detached().registeredNow().build();
    }

    @Test
    void a_run_registered_now_is_running_before_it_is_carried_out_and_not_after() throws Exception {
        Run run = registeredNow("task-1");
        assertEquals(1, runs.running(), "the drain waits for it before its thread starts");

        run.streamTo(frame -> { }, frames -> null);

        assertEquals(0, runs.running(), "carrying the run out took the registration over and closed it");
    }

    @Test
    void a_cancel_by_id_reaches_a_run_registered_now_before_it_is_carried_out() {
        Run run = registeredNow("task-2");

        assertTrue(runs.cancel("task-2", CancelCause.CLIENT_CANCELLED, "cancelled"));
        assertEquals(CancelCause.CLIENT_CANCELLED, run.cancellation().cause());
        run.discard();
    }

    @Test
    void a_discarded_run_is_no_longer_running() {
        registeredNow("task-3").discard();

        assertEquals(0, runs.running());
    }
}
