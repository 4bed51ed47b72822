package dev.agentport.a2a.tasks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.AgentPort;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskState;
import dev.agentport.agent.Agent;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.task.InMemoryTaskStore;
import dev.agentport.task.StoredTask;
import dev.agentport.task.TaskPage;
import dev.agentport.task.TaskQuery;
import dev.agentport.task.TaskStore;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A {@code CancelTask} answered on this instance after the task was stored {@code working} but before its run could be
 * reached by its id still stops the run: the agent is never called, and the task stays canceled.
 */
class CancelBeforeStartTest {

    /** The in-memory store, calling {@code afterStart} once a task has been stored working for the first time. */
    private static final class HookedStore implements TaskStore {
        private final TaskStore delegate = new InMemoryTaskStore();
        private Consumer<String> afterStart = id -> { };

        @Override
        public Optional<StoredTask> get(String taskId) {
            return delegate.get(taskId);
        }

        @Override
        public boolean put(A2aTask task, long expectedVersion, Instant leaseExpiry) {
            boolean written = delegate.put(task, expectedVersion, leaseExpiry);
            if (written && expectedVersion == 0 && task.status().state() == TaskState.WORKING) {
                afterStart.accept(task.id());
            }
            return written;
        }

        @Override
        public TaskPage list(TaskQuery query) {
            return delegate.list(query);
        }
    }

    private final AtomicInteger agentCalls = new AtomicInteger();
    private final HookedStore store = new HookedStore();
    private final Agent agent = new TestAgents.TestAgent() {
        @Override
        public RunResult invoke(RunInput input, RunContext context) {
            agentCalls.incrementAndGet();
            return RunResult.of("ran");
        }
    };
    private final InProcessTarget target = new InProcessTarget(AgentPort.builder().agent(agent).taskStore(store)
            .config(RuntimeConfig.fromEnvironment(Map.of())).build().startAndAwait());

    private JsonNode rpc(String method, String params) throws Exception {
        Exchange answer = target.send(CaseRequest.post("/a2a").header("A2A-Version", "1.0")
                .json("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method + "\",\"params\":" + params + "}")
                .build());
        return answer.json();
    }

    @Test
    void a_cancel_made_here_before_the_run_is_reachable_still_stops_it() throws Exception {
        store.afterStart = id -> {
            store.afterStart = ignored -> { };
            try {
                JsonNode canceled = rpc("CancelTask", "{\"id\":\"" + id + "\"}");
                assertEquals("TASK_STATE_CANCELED", canceled.at("/result/status/state").asText(), canceled.toString());
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        };
        // On a virtual thread, as the server runs it: there a run canceled before it starts never calls the agent.
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try {
                answer.complete(rpc("SendMessage", "{\"message\":{\"messageId\":\"m1\",\"role\":\"ROLE_USER\","
                        + "\"parts\":[{\"text\":\"hello\"}]}}"));
            } catch (Throwable e) {
                answer.completeExceptionally(e);
            }
        });
        JsonNode sent = answer.get(10, TimeUnit.SECONDS);
        assertEquals("TASK_STATE_CANCELED", sent.at("/result/task/status/state").asText(), sent.toString());
        assertEquals(0, agentCalls.get());
        String id = sent.at("/result/task/id").asText();
        assertEquals(TaskState.CANCELED, store.get(id).orElseThrow().task().status().state());
    }
}
