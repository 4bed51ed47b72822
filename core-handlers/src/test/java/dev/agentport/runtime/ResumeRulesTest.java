package dev.agentport.runtime;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.session.InMemorySessionStore;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Continuing a paused run, whatever conversation the reply names. */
class ResumeRulesTest {

    private final InMemorySessionStore store = new InMemorySessionStore();
    private final Runs runs = new Runs(new DefaultAgent(Duration.ZERO), store, Duration.ofSeconds(30));

    private RunRequest request(String text, String sessionId, String taskId) {
        return new RunRequest(new TextNode(text), sessionId, null, null, null, "trace", null, null, taskId,
                sessionId, null, null);
    }

    @Test
    void a_reply_that_names_no_or_another_conversation_continues_in_the_paused_run_conversation() throws Exception {
        RunResult paused = runs.invoke(RunInput.of("please approve the refund"),
                runs.context(request("please approve the refund", "ctx-1", "task-1")));
        assertTrue(paused.isInterrupted());

        RunResult resumed = runs.resume("task-1", new TextNode("yes"), runs.context(request("yes", null, "task-1")));

        assertFalse(resumed.isInterrupted());
        assertEquals(2, store.conversation("ctx-1").version(), "the finished turn joins the paused run's conversation");
    }

    @Test
    void a_paused_run_is_found_by_its_run_id_not_by_its_conversation() throws Exception {
        runs.invoke(RunInput.of("approve a"), runs.context(request("approve a", "ctx-2", "task-a")));
        runs.invoke(RunInput.of("approve b"), runs.context(request("approve b", "ctx-2", "task-b")));
        assertFalse(runs.resume("task-b", new TextNode("no"), runs.context(request("no", "ctx-2", "task-b")))
                .isInterrupted());
        assertFalse(runs.resume("task-a", new TextNode("yes"), runs.context(request("yes", "ctx-2", "task-a")))
                .isInterrupted());
        assertEquals(4, store.conversation("ctx-2").version());
    }
}
