package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.AgentPort;
import dev.agentport.agent.Agent;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.contract.A2aJsonRpcCases;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.task.InMemoryTaskStore;
import dev.agentport.task.TaskQuery;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rules of the JSON-RPC binding that need concurrency, another agent or another setting than the shared cases. */
class JsonRpcRulesTest {

    private static final String AION = A2aJsonRpcCases.AION;

    private static AgentPort port(Agent agent, Map<String, String> env) {
        return AgentPort.builder().agent(agent).config(RuntimeConfig.fromEnvironment(env)).build().startAndAwait();
    }

    private static HttpRequest rpc(String method, String params, String... headers) {
        HttpRequest.Builder request = HttpRequest.builder("POST", "/a2a").header("Content-Type", "application/json")
                .header("A2A-Version", "1.0");
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return request.body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method + "\",\"params\":" + params + "}")
                .build();
    }

    private static JsonNode call(AgentPort port, String method, String params, String... headers) throws Exception {
        HttpResponse response = port.handle(rpc(method, params, headers));
        assertEquals(200, response.status());
        return Json.parse(response.bodyBytes());
    }

    private static String message(String text) {
        return "{\"message\":{\"messageId\":\"m-" + System.nanoTime() + "\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\""
                + text + "\"}]}}";
    }

    /** A stream read on its own thread, as {@link InstancesOnOneStore#stream} reads it. */
    private static BlockingQueue<JsonNode> stream(AgentPort port, String method, String params) {
        return InstancesOnOneStore.stream(port, rpc(method, params));
    }

    private static List<JsonNode> drain(BlockingQueue<JsonNode> events) throws InterruptedException {
        return InstancesOnOneStore.drain(events);
    }

    private static String state(JsonNode result) {
        return result.at("/statusUpdate/status/state").asText();
    }

    @Test
    void cancel_of_a_running_task_cancels_its_run_and_ends_its_stream_with_canceled() throws Exception {
        AgentPort port = port(new DefaultAgent(Duration.ofMillis(200)), Map.of());
        BlockingQueue<JsonNode> events = stream(port, "SendStreamingMessage", message("a long story to tell"));
        JsonNode first = events.poll(5, TimeUnit.SECONDS);
        String id = first.at("/task/id").asText();
        assertEquals("TASK_STATE_WORKING", first.at("/task/status/state").asText());

        JsonNode canceled = call(port, "CancelTask", "{\"id\":\"" + id + "\"}");
        assertEquals("TASK_STATE_CANCELED", canceled.at("/result/status/state").asText(), canceled.toString());
        List<JsonNode> rest = drain(events);
        assertEquals("TASK_STATE_CANCELED", state(rest.getLast()), rest.toString());
        assertTrue(port.runs().awaitIdle(Duration.ofSeconds(5)), "the run was not stopped");
        assertEquals("TASK_STATE_CANCELED",
                call(port, "GetTask", "{\"id\":\"" + id + "\"}").at("/result/status/state").asText());
    }

    @Test
    void subscribers_get_the_remaining_events_of_a_running_task_a_late_one_included() throws Exception {
        AgentPort port = port(new DefaultAgent(Duration.ofMillis(60)), Map.of());
        BlockingQueue<JsonNode> origin = stream(port, "SendStreamingMessage", message("one two three four five"));
        String id = origin.poll(5, TimeUnit.SECONDS).at("/task/id").asText();
        BlockingQueue<JsonNode> early = stream(port, "SubscribeToTask", "{\"id\":\"" + id + "\"}");
        Thread.sleep(300);
        BlockingQueue<JsonNode> late = stream(port, "SubscribeToTask", "{\"id\":\"" + id + "\"}");

        List<JsonNode> originEvents = drain(origin);
        for (BlockingQueue<JsonNode> subscriber : List.of(early, late)) {
            List<JsonNode> events = drain(subscriber);
            assertEquals(id, events.getFirst().at("/task/id").asText(), "the task comes first: " + events);
            assertEquals("TASK_STATE_COMPLETED", state(events.getLast()));
            List<JsonNode> tail = events.subList(1, events.size());
            assertEquals(tail, originEvents.subList(originEvents.size() - tail.size(), originEvents.size()),
                    "a subscriber gets the same events in the same order");
        }
        JsonNode terminal = call(port, "SubscribeToTask", "{\"id\":\"" + id + "\"}");
        assertEquals(-32004, terminal.at("/error/code").asInt());
    }

    @Test
    void of_two_racing_answers_to_a_paused_task_exactly_one_continues_it() throws Exception {
        AgentPort port = port(new DefaultAgent(Duration.ZERO), Map.of());
        String id = call(port, "SendMessage", message("please approve")).at("/result/task/id").asText();
        String answer = "{\"message\":{\"messageId\":\"a\",\"taskId\":\"" + id
                + "\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"yes\"}]}}";
        CountDownLatch start = new CountDownLatch(1);
        List<JsonNode> answers = new CopyOnWriteArrayList<>();
        List<Thread> racers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            racers.add(Thread.ofVirtual().start(() -> {
                try {
                    start.await();
                    answers.add(call(port, "SendMessage", answer));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        start.countDown();
        for (Thread racer : racers) {
            racer.join();
        }
        long completed = answers.stream()
                .filter(a -> a.at("/result/task/status/state").asText().equals("TASK_STATE_COMPLETED")).count();
        long refused = answers.stream().filter(a -> a.at("/error/code").asInt() == -32004).count();
        assertEquals(1, completed, answers.toString());
        assertEquals(7, refused, answers.toString());
    }

    @Test
    void a_required_aion_extension_not_activated_is_32008_and_the_card_marks_it_required() throws Exception {
        AgentPort port = port(new DefaultAgent(Duration.ZERO), Map.of("AGENT_AION_DAEMON", "required"));
        JsonNode refused = call(port, "SendMessage", message("hi"));
        assertEquals(-32008, refused.at("/error/code").asInt(), refused.toString());
        assertEquals("EXTENSION_SUPPORT_REQUIRED", refused.at("/error/data/0/reason").asText());
        JsonNode card = Json.parse(port.handle(HttpRequest.builder("GET", "/.well-known/agent-card.json").build())
                .bodyBytes());
        assertTrue(card.at("/capabilities/extensions/0/required").asBoolean(), card.toString());
        JsonNode activated = call(port, "SendMessage", A2aJsonRpcCases.aionParams(A2aJsonRpcCases.aionPayload())
                .replace("{run}", "r"), "A2A-Extensions", AION);
        assertEquals("TASK_STATE_COMPLETED", activated.at("/result/task/status/state").asText(), activated.toString());
    }

    @Test
    void the_card_declares_no_extension_while_aion_is_off() throws Exception {
        AgentPort port = port(new DefaultAgent(Duration.ZERO), Map.of());
        JsonNode card = Json.parse(port.handle(HttpRequest.builder("GET", "/.well-known/agent-card.json").build())
                .bodyBytes());
        assertTrue(card.at("/capabilities/extensions").isMissingNode(), card.toString());
        assertFalse(card.at("/capabilities/pushNotifications").asBoolean(true));
    }

    @Test
    void without_the_json_rpc_face_the_card_lists_the_daedalus_endpoint() throws Exception {
        AgentPort port = port(new DefaultAgent(Duration.ZERO), Map.of("AGENT_FACES", "agentbreeder,daedalus"));
        JsonNode card = Json.parse(port.handle(HttpRequest.builder("GET", "/.well-known/agent-card.json").build())
                .bodyBytes());
        assertEquals("daedalus", card.at("/supportedInterfaces/0/protocolBinding").asText(), card.toString());
    }

    /** Remembers what the agent was handed. */
    private static final class Recording implements Agent {
        final CompletableFuture<RunContext> context = new CompletableFuture<>();

        @Override
        public AgentDescriptor descriptor() {
            return new AgentDescriptor("recording", "1", "Records its context.", "test", List.of());
        }

        @Override
        public RunResult invoke(RunInput input, RunContext context) {
            this.context.complete(context);
            return RunResult.of("done");
        }
    }

    @Test
    void the_aion_payload_reaches_the_agent_as_an_extension_and_is_kept_nowhere() throws Exception {
        Recording agent = new Recording();
        InMemoryTaskStore tasks = new InMemoryTaskStore();
        InMemorySessionStore sessions = new InMemorySessionStore();
        AgentPort port = AgentPort.builder().agent(agent).taskStore(tasks).sessionStore(sessions)
                .config(RuntimeConfig.fromEnvironment(Map.of("AGENT_AION_DAEMON", "optional"))).build()
                .startAndAwait();
        JsonNode answer = call(port, "SendMessage", A2aJsonRpcCases.aionParams(A2aJsonRpcCases.aionPayload())
                .replace("{run}", "r"), "A2A-Extensions", AION);
        RunContext context = agent.context.get(5, TimeUnit.SECONDS);
        assertEquals("us-west-2",
                context.extension(AION).orElseThrow().at("/environment/configurationVariables/REGION").asText());
        assertFalse(context.metadata().toString().contains("us-west-2"));

        String id = answer.at("/result/task/id").asText();
        String stored = tasks.list(new TaskQuery(null, null, 100, null)).tasks().toString()
                + tasks.get(id).orElseThrow().task().toJson();
        String session = sessions.history(context.sessionId()).toString();
        for (String secret : List.of("us-west-2", "inventoryAgent", "9e69c4ef-d1a5-4745-94a5-1f5e3f587dbb")) {
            assertFalse(answer.toString().contains(secret), answer.toString());
            assertFalse(stored.contains(secret), stored);
            assertFalse(session.contains(secret), session);
        }
    }
}
