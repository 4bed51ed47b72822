package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.json.Json;
import dev.agentport.runtime.Runs;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.task.InMemoryMcpTaskStore;
import dev.agentport.task.Leases;
import dev.agentport.task.McpTaskStore;
import dev.agentport.task.StoredMcpTask;
import dev.agentport.testing.TestRuns;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The run of a task, started after the request that made the task is answered. */
class TaskRunRulesTest {

    private static final McpTool QUICK = new TaskTesting.TaskTool("quick", TaskSupport.OPTIONAL,
            (arguments, call) -> ToolResults.text("done"));

    @Test
    void a_task_run_is_registered_before_the_request_that_started_it_is_answered() {
        Runs runs = new Runs(new DefaultAgent(Duration.ZERO), new InMemorySessionStore(), Duration.ofSeconds(30),
                null);
        TaskBook book = new TaskBook(new InMemoryMcpTaskStore(Duration.ofHours(1)),
                new Leases(Clock.systemUTC(), Leases.DEFAULT_TERM));
        List<Runnable> notStartedYet = new ArrayList<>();
        TaskRun runner = new TaskRun(book, runs, Clock.systemUTC(), notStartedYet::add);
        McpTask task = McpTask.working("task-1", Clock.systemUTC().instant(), "quick", Json.object(),
                new McpScope(Modern.VERSION, true, null), Set.of());
        book.create(task);

        runner.start(TestRuns.request(), task, QUICK);

        assertEquals(1, runs.running(), "a shutdown now waits for the task, whose thread has not started");
        notStartedYet.forEach(Runnable::run);
        assertEquals(0, runs.running());
        assertEquals(McpTask.COMPLETED, book.find("task-1").orElseThrow().status());
    }

    @Test
    void the_drain_waits_until_the_end_of_a_task_run_is_stored() throws Exception {
        Runs runs = new Runs(new DefaultAgent(Duration.ZERO), new InMemorySessionStore(), Duration.ofSeconds(30),
                null);
        CountDownLatch writingTheEnd = new CountDownLatch(1);
        CountDownLatch storeAnswers = new CountDownLatch(1);
        McpTaskStore memory = new InMemoryMcpTaskStore(Duration.ofHours(1));
        McpTaskStore slowAtTheEnd = new McpTaskStore() {
            @Override
            public Optional<StoredMcpTask> get(String taskId) {
                return memory.get(taskId);
            }

            @Override
            public Duration ttl() {
                return memory.ttl();
            }

            @Override
            public boolean put(String taskId, ObjectNode task, long expectedVersion) {
                if (McpTask.COMPLETED.equals(task.path("status").asText())) {
                    writingTheEnd.countDown();
                    try {
                        storeAnswers.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return memory.put(taskId, task, expectedVersion);
            }
        };
        TaskBook book = new TaskBook(slowAtTheEnd, new Leases(Clock.systemUTC(), Leases.DEFAULT_TERM));
        TaskRun runner = new TaskRun(book, runs, Clock.systemUTC());
        McpTask task = McpTask.working("task-2", Clock.systemUTC().instant(), "quick", Json.object(),
                new McpScope(Modern.VERSION, true, null), Set.of());
        book.create(task);

        runner.start(TestRuns.request(), task, QUICK);
        assertTrue(writingTheEnd.await(10, TimeUnit.SECONDS), "the run ended and is storing its end");

        assertFalse(runs.awaitIdle(Duration.ZERO), "the drain waits while the task's end is being stored");
        storeAnswers.countDown();
        assertTrue(runs.awaitIdle(Duration.ofSeconds(10)));
        assertEquals(McpTask.COMPLETED, book.find("task-2").orElseThrow().status());
    }
}
