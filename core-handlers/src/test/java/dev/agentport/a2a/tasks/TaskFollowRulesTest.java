package dev.agentport.a2a.tasks;

import dev.agentport.a2a.IncomingMessage;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
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

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a task keeps for the caller that started it depends on how that caller follows it. */
class TaskFollowRulesTest {

    private final CountDownLatch emitted = new CountDownLatch(1);
    private volatile Instant beforeNote;
    private volatile Instant afterNote;
    private final CountDownLatch release = new CountDownLatch(1);
    private final Agent agent = new TestAgents.TestAgent() {
        @Override
        public RunResult invoke(RunInput input, RunContext context) {
            return RunResult.of("unused");
        }

        @Override
        public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) throws Exception {
            emitter.delta("one ");
            beforeNote = Instant.now();
            emitter.status("half way");
            afterNote = Instant.now();
            emitted.countDown();
            release.await();
            emitter.delta("two");
            return RunResult.of("one two");
        }
    };
    private final InMemoryTaskStore store = new InMemoryTaskStore();
    private final TaskRunner runner = new TaskRunner(
            new Runs(agent, new InMemorySessionStore(), Duration.ofSeconds(30), null), store,
            new TaskLeases(store, Clock.systemUTC(), TaskLeases.DEFAULT_TERM));

    private TaskChannel.Subscription start(TaskMessage.Follow follow) {
        IncomingMessage message = new IncomingMessage("m-1", null, null, List.of(Part.text("go")), null);
        return runner.startNew(new TaskMessage(message, null, Map.of(), true, follow), 0,
                HttpRequest.builder("POST", "/a2a").build());
    }

    @Test
    void a_caller_that_takes_the_task_as_it_starts_and_leaves_has_no_events_queued_for_it() throws Exception {
        TaskChannel.Subscription subscription = start(TaskMessage.Follow.NONE);
        assertEquals(TaskState.WORKING, subscription.snapshot().status().state());
        assertTrue(emitted.await(10, TimeUnit.SECONDS));
        TaskChannel channel = runner.hub().find(subscription.snapshot().id()).orElseThrow();
        assertFalse(channel.hasEventSubscribers(), "no queue takes the run's events");
        assertEquals(0, subscription.events().size(), "the events so far are not kept for the caller");
        release.countDown();
        TaskEvent end = subscription.awaitEnd();
        assertEquals(TaskState.COMPLETED, ((TaskEvent.Final) end).task().status().state());
    }

    @Test
    void a_subscriber_joining_a_run_no_one_followed_starts_from_its_latest_status_note() throws Exception {
        TaskChannel.Subscription leaving = start(TaskMessage.Follow.NONE);
        assertTrue(emitted.await(10, TimeUnit.SECONDS));
        TaskChannel.Subscription late = runner.hub().find(leaving.snapshot().id()).orElseThrow().subscribe();
        TaskStatus status = late.snapshot().status();
        assertEquals(TaskState.WORKING, status.state());
        assertEquals(List.of(Part.text("half way")), status.message().parts());
        assertEquals(leaving.snapshot().id() + "-status", status.message().messageId());
        assertFalse(status.timestamp().isBefore(beforeNote) || status.timestamp().isAfter(afterNote),
                "stamped when the note was made, not when the subscriber joined");
        release.countDown();
        assertEquals(TaskState.COMPLETED, ((TaskEvent.Final) leaving.awaitEnd()).task().status().state());
    }

    @Test
    void a_caller_that_follows_every_event_gets_each_in_order() throws Exception {
        TaskChannel.Subscription subscription = start(TaskMessage.Follow.EVERY_EVENT);
        assertTrue(emitted.await(10, TimeUnit.SECONDS));
        assertTrue(runner.hub().find(subscription.snapshot().id()).orElseThrow().hasEventSubscribers());
        release.countDown();
        TaskEvent event;
        int before = 0;
        while (!((event = subscription.next()) instanceof TaskEvent.Final)) {
            before++;
        }
        assertTrue(before > 0, "events came before the end");
        assertEquals(TaskState.COMPLETED, ((TaskEvent.Final) event).task().status().state());
    }
}
