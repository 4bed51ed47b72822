package dev.agentport.a2a.tasks;

import dev.agentport.AgentPort;
import dev.agentport.a2a.A2aTask;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.task.InMemoryTaskStore;
import dev.agentport.task.StoredTask;
import dev.agentport.task.TaskPage;
import dev.agentport.task.TaskQuery;
import dev.agentport.task.TaskStore;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A task's run ends before its end is stored; the drain waits for both, so a shutdown never leaves a finished task
 * stored as working.
 */
class TaskEndDrainTest {

    /** The in-memory store, whose write of a task's end waits until the test lets it go on. */
    private static final class SlowEndStore implements TaskStore {
        private final TaskStore delegate = new InMemoryTaskStore();
        private final CountDownLatch writingTheEnd = new CountDownLatch(1);
        private final CountDownLatch letGo = new CountDownLatch(1);

        @Override
        public Optional<StoredTask> get(String taskId) {
            return delegate.get(taskId);
        }

        @Override
        public boolean put(A2aTask task, long expectedVersion, Instant leaseExpiry) {
            if (task.status().state().isTerminal()) {
                writingTheEnd.countDown();
                try {
                    letGo.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return delegate.put(task, expectedVersion, leaseExpiry);
        }

        @Override
        public TaskPage list(TaskQuery query) {
            return delegate.list(query);
        }
    }

    @Test
    void the_drain_waits_until_a_finished_tasks_end_is_stored() throws Exception {
        SlowEndStore store = new SlowEndStore();
        AgentPort port = AgentPort.builder().agent(new DefaultAgent(Duration.ZERO)).taskStore(store)
                .config(RuntimeConfig.fromEnvironment(Map.of())).build();
        InProcessTarget target = new InProcessTarget(port);
        Exchange sent = target.send(CaseRequest.post("/a2a").header("A2A-Version", "1.0")
                .json("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendMessage\",\"params\":{\"message\":"
                        + "{\"messageId\":\"m\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"hi\"}]},"
                        + "\"configuration\":{\"returnImmediately\":true}}}").build());
        String id = sent.json().at("/result/task/id").asText();

        assertTrue(store.writingTheEnd.await(10, TimeUnit.SECONDS), "the task's end was never written");
        assertFalse(port.runs().awaitIdle(Duration.ofMillis(200)), "the drain did not wait for the task's end");
        store.letGo.countDown();
        assertTrue(port.runs().awaitIdle(Duration.ofSeconds(5)));
        assertEquals("completed", store.get(id).orElseThrow().task().status().state().wireName());
    }
}
