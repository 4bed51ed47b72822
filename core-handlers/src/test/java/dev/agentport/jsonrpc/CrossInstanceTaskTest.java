package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.AgentPort;
import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.agent.Artifact;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.http.Body;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.task.InMemoryTaskStore;
import dev.agentport.task.StoredTask;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.agentport.jsonrpc.InstancesOnOneStore.drain;
import static dev.agentport.jsonrpc.InstancesOnOneStore.next;
import static dev.agentport.jsonrpc.InstancesOnOneStore.rpc;
import static dev.agentport.jsonrpc.InstancesOnOneStore.stream;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two instances on one task store and one session store, as behind a load balancer: a task running on one is followed
 * from the other through the store, and canceled from the other.
 */
class CrossInstanceTaskTest {

    private final InstancesOnOneStore instances = new InstancesOnOneStore();
    private final InMemoryTaskStore tasks = instances.tasks();

    private static String message(String text) {
        return "{\"message\":{\"messageId\":\"m-" + System.nanoTime() + "\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\""
                + text + "\"}]}}";
    }

    private static String id(String taskId) {
        return "{\"id\":\"" + taskId + "\"}";
    }

    private static String state(JsonNode result) {
        return result.at("/statusUpdate/status/state").asText();
    }

    /** Stores a working task as the instance running it would, and returns it. */
    private A2aTask storedWorking(String taskId) {
        A2aTask task = new A2aTask(taskId, "ctx-" + taskId, TaskStatus.of(TaskState.WORKING, null), List.of(), null);
        assertTrue(tasks.put(task, 0));
        return task;
    }

    /** Writes the task as another instance would: against its stored version. */
    private void update(A2aTask task) {
        StoredTask stored = tasks.get(task.id()).orElseThrow();
        assertTrue(tasks.put(task, stored.version()));
    }

    @Test
    void a_subscriber_on_another_instance_follows_the_task_to_its_final_status() throws Exception {
        GateAgent agent = new GateAgent();
        AgentPort a = instances.instance(agent);
        AgentPort b = instances.instance(new DefaultAgent(Duration.ZERO));
        BlockingQueue<JsonNode> origin = stream(a, rpc("1.0", "SendStreamingMessage", message("hello")).build());
        String taskId = next(origin).at("/task/id").asText();

        BlockingQueue<JsonNode> follower = stream(b, rpc("1.0", "SubscribeToTask", id(taskId)).build());
        JsonNode first = next(follower);
        assertEquals(taskId, first.at("/task/id").asText(), first.toString());
        assertEquals("TASK_STATE_WORKING", first.at("/task/status/state").asText());
        agent.open();

        List<JsonNode> rest = drain(follower);
        assertEquals("TASK_STATE_COMPLETED", state(rest.getLast()), rest.toString());
        List<String> artifacts = rest.stream().filter(e -> e.has("artifactUpdate"))
                .map(e -> e.at("/artifactUpdate/artifact/name").asText()).toList();
        List<String> stored = tasks.get(taskId).orElseThrow().task().artifacts().stream().map(Artifact::name).toList();
        assertEquals(stored, artifacts, rest.toString());
        assertTrue(artifacts.contains("notes"), rest.toString());
        drain(origin);
    }

    @Test
    void tasks_resubscribe_on_another_instance_follows_the_task_in_the_0_3_shape() throws Exception {
        GateAgent agent = new GateAgent();
        AgentPort a = instances.instance(agent);
        AgentPort b = instances.instance(new DefaultAgent(Duration.ZERO));
        BlockingQueue<JsonNode> origin = stream(a, rpc("1.0", "SendStreamingMessage", message("hello")).build());
        String taskId = next(origin).at("/task/id").asText();

        BlockingQueue<JsonNode> follower = stream(b, rpc(null, "tasks/resubscribe", id(taskId)).build());
        JsonNode first = next(follower);
        assertEquals("task", first.path("kind").asText(), first.toString());
        assertEquals("working", first.at("/status/state").asText());
        agent.open();

        List<JsonNode> rest = drain(follower);
        JsonNode last = rest.getLast();
        assertEquals("status-update", last.path("kind").asText(), rest.toString());
        assertEquals("completed", last.at("/status/state").asText());
        assertTrue(last.path("final").asBoolean(), last.toString());
        assertTrue(rest.stream().anyMatch(e -> e.path("kind").asText().equals("artifact-update")
                && e.at("/artifact/name").asText().equals("notes")), rest.toString());
        assertTrue(rest.subList(0, rest.size() - 1).stream().noneMatch(e -> e.path("final").asBoolean()),
                rest.toString());
        drain(origin);
    }

    @Test
    void every_stored_status_change_and_every_new_artifact_is_sent_once() throws Exception {
        AgentPort b = instances.instance(new DefaultAgent(Duration.ZERO));
        A2aTask task = storedWorking("t-changes");
        BlockingQueue<JsonNode> follower = stream(b, rpc("1.0", "SubscribeToTask", id(task.id())).build());
        assertEquals("TASK_STATE_WORKING", next(follower).at("/task/status/state").asText());

        A2aMessage note = A2aMessage.agentText("n-1", "halfway there", task.id(), task.contextId());
        A2aTask noted = task.withStatus(TaskStatus.of(TaskState.WORKING, note));
        update(noted);
        JsonNode status = next(follower);
        assertEquals("halfway there", status.at("/statusUpdate/status/message/parts/0/text").asText(),
                status.toString());
        assertEquals("TASK_STATE_WORKING", state(status));

        Artifact draft = Artifact.text("draft", "a first draft");
        A2aTask drafted = new A2aTask(task.id(), task.contextId(), noted.status(), List.of(draft), null);
        update(drafted);
        JsonNode artifact = next(follower);
        assertEquals("draft", artifact.at("/artifactUpdate/artifact/name").asText(), artifact.toString());

        Artifact answer = Artifact.text("answer", "the answer");
        update(new A2aTask(task.id(), task.contextId(), TaskStatus.of(TaskState.COMPLETED, null),
                List.of(draft, answer), null));
        List<JsonNode> rest = drain(follower);
        assertEquals(2, rest.size(), "the new artifact, then the final status: " + rest);
        assertEquals("answer", rest.get(0).at("/artifactUpdate/artifact/name").asText(), rest.toString());
        assertEquals("TASK_STATE_COMPLETED", state(rest.get(1)));
    }

    @Test
    void the_follow_ends_when_the_task_waits_for_input() throws Exception {
        AgentPort b = instances.instance(new DefaultAgent(Duration.ZERO));
        A2aTask task = storedWorking("t-paused");
        BlockingQueue<JsonNode> follower = stream(b, rpc("1.0", "SubscribeToTask", id(task.id())).build());
        next(follower);
        update(task.withStatus(TaskStatus.of(TaskState.INPUT_REQUIRED, null)));
        List<JsonNode> rest = drain(follower);
        assertEquals("TASK_STATE_INPUT_REQUIRED", state(rest.getLast()), rest.toString());
    }

    @Test
    void the_follow_ends_at_the_run_timeout_with_the_last_stored_state() throws Exception {
        AgentPort b = instances.instance(new DefaultAgent(Duration.ZERO), Map.of("AGENT_RUN_TIMEOUT_SECONDS", "1"));
        A2aTask task = storedWorking("t-timeout");
        Instant start = Instant.now();
        List<JsonNode> events = drain(stream(b, rpc("1.0", "SubscribeToTask", id(task.id())).build()));
        Duration took = Duration.between(start, Instant.now());
        assertEquals("TASK_STATE_WORKING", state(events.getLast()), events.toString());
        assertTrue(took.compareTo(Duration.ofMillis(900)) >= 0 && took.compareTo(Duration.ofSeconds(5)) < 0,
                took.toString());
    }

    @Test
    void the_follow_ends_before_the_requests_deadline() throws Exception {
        AgentPort b = instances.instance(new DefaultAgent(Duration.ZERO));
        A2aTask task = storedWorking("t-deadline");
        Instant start = Instant.now();
        Instant deadline = start.plusMillis(1500);
        List<JsonNode> events = drain(stream(b, rpc("1.0", "SubscribeToTask", id(task.id()))
                .deadline(deadline).build()));
        assertTrue(Instant.now().isBefore(deadline), "ended after the deadline");
        assertTrue(Duration.between(start, Instant.now()).compareTo(Duration.ofMillis(700)) > 0,
                "ended long before the deadline");
        assertEquals("TASK_STATE_WORKING", state(events.getLast()), events.toString());
    }

    @Test
    void the_follow_ends_when_the_server_drains() throws Exception {
        AgentPort b = instances.instance(new DefaultAgent(Duration.ZERO));
        A2aTask task = storedWorking("t-drain");
        BlockingQueue<JsonNode> follower = stream(b, rpc("1.0", "SubscribeToTask", id(task.id())).build());
        next(follower);
        assertNull(follower.poll(400, TimeUnit.MILLISECONDS), "the follow ended before the drain");
        b.drain(Duration.ofMillis(100));
        List<JsonNode> rest = drain(follower);
        assertEquals(List.of("TASK_STATE_WORKING"), rest.stream().map(CrossInstanceTaskTest::state).toList());
    }

    @Test
    void the_follow_stops_polling_when_the_client_goes_away() throws Exception {
        AgentPort b = instances.instance(new DefaultAgent(Duration.ZERO));
        A2aTask task = storedWorking("t-gone");
        HttpResponse response = b.handle(rpc("1.0", "SubscribeToTask", id(task.id())).build());
        AtomicInteger frames = new AtomicInteger();
        Thread follower = Thread.ofVirtual().start(() -> {
            try {
                ((Body.EventStream) response.body()).writer().writeTo(frame -> {
                    if (frames.incrementAndGet() > 1) {
                        throw new IOException("the client went away");
                    }
                });
            } catch (IOException expected) {
                // what an adapter sees when its client has left
            }
        });
        assertTrue(follower.join(Duration.ofSeconds(3)), "the follow goes on without its client");
        assertEquals(2, frames.get(), "the task, then the write that found the client gone");
    }

    @Test
    void the_follow_stops_at_once_when_the_adapter_reports_the_client_gone() throws Exception {
        AgentPort b = instances.instance(new DefaultAgent(Duration.ZERO));
        A2aTask task = storedWorking("t-closed");
        CountDownLatch closed = new CountDownLatch(1);
        HttpResponse response = b.handle(rpc("1.0", "SubscribeToTask", id(task.id()))
                .connection(listener -> Thread.ofVirtual().start(() -> {
                    try {
                        closed.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    listener.run();
                })).build());
        List<String> frames = new ArrayList<>();
        Thread follower = Thread.ofVirtual().start(() -> {
            try {
                ((Body.EventStream) response.body()).writer().writeTo(frame -> {
                    frames.add(new String(frame, StandardCharsets.UTF_8));
                    closed.countDown();
                });
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(follower.join(Duration.ofSeconds(3)), "the follow goes on without its client");
        assertEquals(1, frames.size(), frames.toString());
    }

    @Test
    void cancel_on_another_instance_stops_the_run_here() throws Exception {
        GateAgent agent = new GateAgent();
        AgentPort a = instances.instance(agent);
        AgentPort b = instances.instance(new DefaultAgent(Duration.ZERO));
        BlockingQueue<JsonNode> origin = stream(a, rpc("1.0", "SendStreamingMessage", message("hello")).build());
        String taskId = next(origin).at("/task/id").asText();
        assertTrue(agent.started.await(5, TimeUnit.SECONDS));

        HttpResponse canceled = b.handle(rpc("1.0", "CancelTask", id(taskId)).build());
        assertEquals("TASK_STATE_CANCELED", Json.parse(canceled.bodyBytes()).at("/result/status/state").asText());

        assertTrue(agent.stopped.await(5, TimeUnit.SECONDS), "the run on the other instance was not stopped");
        assertTrue(a.runs().awaitIdle(Duration.ofSeconds(5)), "the run is still registered");
        List<JsonNode> rest = drain(origin);
        assertEquals("TASK_STATE_CANCELED", state(rest.getLast()), rest.toString());
        assertFalse(rest.toString().contains("notes"), "the run's result is dropped: " + rest);
        assertEquals(TaskState.CANCELED, tasks.get(taskId).orElseThrow().task().status().state());
    }
}
