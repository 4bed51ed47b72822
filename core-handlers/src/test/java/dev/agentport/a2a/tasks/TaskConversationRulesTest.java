package dev.agentport.a2a.tasks;

import dev.agentport.a2a.IncomingMessage;
import dev.agentport.a2a.TaskState;
import dev.agentport.agent.Part;
import dev.agentport.http.HttpRequest;
import dev.agentport.runtime.Runs;
import dev.agentport.task.InMemoryTaskStore;
import dev.agentport.task.TaskLeases;
import dev.agentport.testing.FailingStores;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** Which conversation a task's run reads: the one it continues, never one the server has just made up. */
class TaskConversationRulesTest {

    /** The conversation can be read once: by keeping the turn at the end of the run, not by building it. */
    private final FailingStores stores = new FailingStores().failAfter(FailingStores.Operation.READ_CONVERSATION, 1);
    private final InMemoryTaskStore tasks = new InMemoryTaskStore();
    private final TaskRunner runner = new TaskRunner(
            new Runs(TestAgents.echoContext(), stores.stores().sessions(), Duration.ofSeconds(30), null), tasks,
            new TaskLeases(tasks, Clock.systemUTC(), TaskLeases.DEFAULT_TERM));

    private TaskChannel.Subscription send(String contextId) {
        IncomingMessage message = new IncomingMessage("m-1", null, contextId, List.of(Part.text("hi")), null);
        return runner.startNew(new TaskMessage(message, null, Map.of(), true, TaskMessage.Follow.END), 0,
                HttpRequest.builder("POST", "/a2a").build());
    }

    @Test
    void a_task_in_a_context_the_server_made_up_reads_no_conversation() throws Exception {
        TaskEvent end = send(null).awaitEnd();
        assertEquals(TaskState.COMPLETED, ((TaskEvent.Final) end).task().status().state());
    }

    @Test
    void a_task_in_a_context_the_caller_named_reads_that_conversation() throws Exception {
        TaskEvent end = send("ctx-1").awaitEnd();
        assertInstanceOf(TaskEvent.StoreUnavailable.class, end, "the second read, keeping the turn, failed");
    }
}
