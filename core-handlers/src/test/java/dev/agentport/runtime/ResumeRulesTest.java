package dev.agentport.runtime;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.testing.TestRuns;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.agentport.testing.TestRuns.completed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Continuing a paused run, whatever conversation the reply names. */
class ResumeRulesTest {

    private final InMemorySessionStore store = new InMemorySessionStore();
    private final Runs runs = new Runs(new DefaultAgent(Duration.ZERO), store, Duration.ofSeconds(30), null);

    private Run run(String sessionId, String taskId) {
        return runs.newRun(TestRuns.request()).session(sessionId).taskId(taskId).contextId(sessionId).build();
    }

    @Test
    void a_reply_that_names_no_or_another_conversation_continues_in_the_paused_run_conversation() throws Exception {
        RunResult paused = completed(run("ctx-1", "task-1").invoke(RunInput.of("please approve the refund")));
        assertTrue(paused.isInterrupted());

        RunResult resumed = completed(run(null, "task-1").resume("task-1", new TextNode("yes")));

        assertFalse(resumed.isInterrupted());
        assertEquals(2, store.conversation("ctx-1").version(), "the finished turn joins the paused run's conversation");
    }

    @Test
    void a_paused_run_is_found_by_its_run_id_not_by_its_conversation() throws Exception {
        completed(run("ctx-2", "task-a").invoke(RunInput.of("approve a")));
        completed(run("ctx-2", "task-b").invoke(RunInput.of("approve b")));
        assertFalse(completed(run("ctx-2", "task-b").resume("task-b", new TextNode("no"))).isInterrupted());
        assertFalse(completed(run("ctx-2", "task-a").resume("task-a", new TextNode("yes"))).isInterrupted());
        assertEquals(4, store.conversation("ctx-2").version());
    }
}
