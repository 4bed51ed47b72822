package dev.agentport.mcp;

import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.json.Json;
import dev.agentport.runtime.Runs;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.task.InMemoryMcpTaskStore;
import dev.agentport.task.Leases;
import dev.agentport.testing.TestRuns;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The run of a task, started after the request that made the task is answered. */
class TaskRunRulesTest {

    @Test
    void a_task_run_is_registered_before_the_request_that_started_it_is_answered() {
        Runs runs = new Runs(new DefaultAgent(Duration.ZERO), new InMemorySessionStore(), Duration.ofSeconds(30),
                null);
        TaskBook book = new TaskBook(new InMemoryMcpTaskStore(Duration.ofHours(1)),
                new Leases(Clock.systemUTC(), Leases.DEFAULT_TERM));
        List<Runnable> notStartedYet = new ArrayList<>();
        TaskRun runner = new TaskRun(book, runs, Clock.systemUTC(), notStartedYet::add);
        McpTool quick = new TaskTesting.TaskTool("quick", TaskSupport.OPTIONAL,
                (arguments, call) -> ToolResults.text("done"));
        McpTask task = McpTask.working("task-1", Clock.systemUTC().instant(), "quick", Json.object(),
                new McpScope(Modern.VERSION, true, null), Set.of());
        book.create(task);

        runner.start(TestRuns.request(), task, quick);

        assertEquals(1, runs.running(), "a shutdown now waits for the task, whose thread has not started");
        notStartedYet.forEach(Runnable::run);
        assertEquals(0, runs.running());
        assertEquals(McpTask.COMPLETED, book.find("task-1").orElseThrow().status());
    }
}
