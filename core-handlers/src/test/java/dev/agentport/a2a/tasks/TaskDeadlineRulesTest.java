package dev.agentport.a2a.tasks;

import dev.agentport.a2a.IncomingMessage;
import dev.agentport.a2a.TaskState;
import dev.agentport.agent.Agent;
import dev.agentport.agent.Part;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.http.HttpRequest;
import dev.agentport.runtime.Runs;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.task.InMemoryTaskStore;
import dev.agentport.task.TaskLeases;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** A task's events check its cancellation without reading the clock: the run engine marks the deadline. */
@Timeout(60) // its agent never stops by itself: a deadline that no longer holds fails here, not by hanging the build
class TaskDeadlineRulesTest {

    /** Emits without end and never blocks, so no interrupt reaches it: only the emitter's check can stop it. */
    private final Agent busy = new TestAgents.TestAgent() {
        @Override
        public RunResult invoke(RunInput input, RunContext context) {
            return RunResult.of("unused");
        }

        @Override
        public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) {
            for (long i = 0; ; i++) {
                if (i % 2 == 0) {
                    emitter.delta("x");
                } else {
                    emitter.status("still going");
                }
            }
        }
    };

    private TaskEvent run(TaskMessage.Follow follow) throws InterruptedException {
        InMemoryTaskStore store = new InMemoryTaskStore();
        TaskRunner runner = new TaskRunner(new Runs(busy, new InMemorySessionStore(), Duration.ofMillis(200), null),
                store, new TaskLeases(store, Clock.systemUTC(), TaskLeases.DEFAULT_TERM));
        IncomingMessage message = new IncomingMessage("m-1", null, null, List.of(Part.text("go")), null);
        return runner.startNew(new TaskMessage(message, null, Map.of(), true, follow), 0,
                HttpRequest.builder("POST", "/a2a").build()).awaitEnd();
    }

    @Test
    void an_agent_that_emits_without_end_fails_at_its_deadline_when_the_caller_waits_for_the_end() throws Exception {
        TaskEvent.Final end = assertInstanceOf(TaskEvent.Final.class, run(TaskMessage.Follow.END));
        assertEquals(TaskState.FAILED, end.task().status().state());
    }

    @Test
    void an_agent_that_emits_without_end_fails_at_its_deadline_when_no_one_follows_it() throws Exception {
        TaskEvent.Final end = assertInstanceOf(TaskEvent.Final.class, run(TaskMessage.Follow.NONE));
        assertEquals(TaskState.FAILED, end.task().status().state());
    }
}
