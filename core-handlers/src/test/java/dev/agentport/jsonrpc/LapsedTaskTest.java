package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.AgentPort;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.http.Body;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.task.InMemoryTaskStore;
import dev.agentport.task.TaskLeases;
import dev.agentport.testing.HangingAgent;
import dev.agentport.testing.MovableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import static dev.agentport.jsonrpc.InstancesOnOneStore.next;
import static dev.agentport.jsonrpc.InstancesOnOneStore.stream;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A task whose instance died, as instances on one task store see it: once its lease lapses, any instance reads it as
 * failed; a task whose instance renews its lease stays working.
 */
class LapsedTaskTest {

    private final MovableClock clock = new MovableClock();
    private final InstancesOnOneStore instances =
            new InstancesOnOneStore(new InMemoryTaskStore(1000, Duration.ofDays(7), clock), clock);
    private final InMemoryTaskStore tasks = instances.tasks();

    private static HttpRequest rpc(String method, String params) {
        return InstancesOnOneStore.rpc("1.0", method, params).build();
    }

    private static JsonNode call(AgentPort port, String method, String params) throws Exception {
        HttpResponse response = port.handle(rpc(method, params));
        return Json.parse(((Body.Bytes) response.body()).bytes());
    }

    private static JsonNode getTask(AgentPort port, String taskId) throws Exception {
        return call(port, "GetTask", "{\"id\":\"" + taskId + "\"}").path("result");
    }

    /** Stores a working task as an instance that then died would have: with a lease from now. */
    private A2aTask storedByAnInstanceThatDied(String taskId) {
        A2aTask task = new A2aTask(taskId, "ctx-" + taskId, TaskStatus.of(TaskState.WORKING, null), List.of(), null);
        assertTrue(tasks.put(task, 0, clock.instant().plus(TaskLeases.DEFAULT_TERM)));
        return task;
    }

    @Test
    void a_working_task_whose_lease_lapsed_reads_as_failed_saying_its_instance_stopped() throws Exception {
        AgentPort b = instances.instance(new DefaultAgent(Duration.ZERO));
        A2aTask task = storedByAnInstanceThatDied("t-lapsed");
        clock.pass(Duration.ofSeconds(29));
        assertEquals("TASK_STATE_WORKING", getTask(b, task.id()).at("/status/state").asText());

        clock.pass(Duration.ofSeconds(2));
        JsonNode read = getTask(b, task.id());
        assertEquals("TASK_STATE_FAILED", read.at("/status/state").asText(), read.toString());
        assertEquals(TaskLeases.STOPPED, read.at("/status/message/parts/0/text").asText(), read.toString());
        assertEquals(TaskState.FAILED, tasks.get(task.id()).orElseThrow().task().status().state());
        JsonNode listed = call(b, "ListTasks", "{\"contextId\":\"" + task.contextId() + "\"}");
        assertEquals("TASK_STATE_FAILED", listed.at("/result/tasks/0/status/state").asText(), listed.toString());
    }

    @Test
    void a_subscriber_on_another_instance_sees_the_task_fail_when_its_lease_lapses() throws Exception {
        AgentPort b = instances.instance(new DefaultAgent(Duration.ZERO));
        A2aTask task = storedByAnInstanceThatDied("t-followed");
        BlockingQueue<JsonNode> follower = stream(b, rpc("SubscribeToTask", "{\"id\":\"" + task.id() + "\"}"));
        assertEquals("TASK_STATE_WORKING", next(follower).at("/task/status/state").asText());

        clock.pass(Duration.ofSeconds(31));
        JsonNode last = next(follower);
        assertEquals("TASK_STATE_FAILED", last.at("/statusUpdate/status/state").asText(), last.toString());
        assertEquals(TaskLeases.STOPPED, last.at("/statusUpdate/status/message/parts/0/text").asText());
    }

    @Test
    void a_task_whose_instance_renews_its_lease_stays_working_past_the_term() throws Exception {
        AgentPort a = instances.instance(new HangingAgent());
        AgentPort b = instances.instance(new DefaultAgent(Duration.ZERO));
        BlockingQueue<JsonNode> origin = stream(a, rpc("SendStreamingMessage", "{\"message\":{\"messageId\":\"m-1\","
                + "\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"think hard\"}]}}"));
        String taskId = next(origin).at("/task/id").asText();
        Instant first = tasks.get(taskId).orElseThrow().leaseExpiry();
        assertNotNull(first, "the running task is stored with a lease");

        for (int period = 0; period < 3; period++) {
            Instant before = tasks.get(taskId).orElseThrow().leaseExpiry();
            clock.pass(Duration.ofSeconds(20));
            awaitRenewalAfter(taskId, before);
        }
        assertEquals("TASK_STATE_WORKING", getTask(b, taskId).at("/status/state").asText());
        assertEquals("TASK_STATE_WORKING", getTask(a, taskId).at("/status/state").asText());
        assertTrue(clock.instant().isAfter(first), "the first lease would have lapsed");

        call(a, "CancelTask", "{\"id\":\"" + taskId + "\"}");
        assertEquals(null, tasks.get(taskId).orElseThrow().leaseExpiry());
    }

    private void awaitRenewalAfter(String taskId, Instant before) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!tasks.get(taskId).orElseThrow().leaseExpiry().isAfter(before)) {
            assertTrue(System.nanoTime() < deadline, "the running instance did not renew its lease");
            Thread.sleep(50);
        }
    }
}
