package dev.agentport.a2arest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.AgentPort;
import dev.agentport.agent.Agent;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.http.Body;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.task.InMemoryTaskStore;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rules of the HTTP+JSON binding that need concurrency, two instances or another setting than the shared cases. */
class A2aRestRulesTest {

    private static final JsonNode END = Json.object().put("end", true);
    private final InMemoryTaskStore tasks = new InMemoryTaskStore();
    private final InMemorySessionStore sessions = new InMemorySessionStore();

    private AgentPort instance(Agent agent, Map<String, String> env) {
        return AgentPort.builder().agent(agent).taskStore(tasks).sessionStore(sessions)
                .config(RuntimeConfig.fromEnvironment(env)).build().startAndAwait();
    }

    private static HttpRequest request(String method, String path, String body) {
        HttpRequest.Builder request = HttpRequest.builder(method, path.contains("?")
                ? path.substring(0, path.indexOf('?')) : path).header("A2A-Version", "1.0");
        if (path.contains("?")) {
            request.rawQuery(path.substring(path.indexOf('?') + 1));
        }
        return body == null ? request.build() : request.header("Content-Type", "application/json").body(body).build();
    }

    private static JsonNode call(AgentPort port, String method, String path, String body) throws Exception {
        HttpResponse response = port.handle(request(method, path, body));
        return Json.parse(response.bodyBytes());
    }

    private static String message(String text) {
        return "{\"message\":{\"messageId\":\"m-" + System.nanoTime() + "\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\""
                + text + "\"}]}}";
    }

    /** A stream read on its own thread: its events arrive in the queue, then {@link #END}. */
    private static BlockingQueue<JsonNode> stream(AgentPort port, HttpRequest request) {
        HttpResponse response = port.handle(request);
        assertTrue(response.body() instanceof Body.EventStream, "not a stream: " + response);
        BlockingQueue<JsonNode> events = new LinkedBlockingQueue<>();
        Thread.ofVirtual().start(() -> {
            try {
                ((Body.EventStream) response.body()).writer().writeTo(frame -> {
                    String text = new String(frame, StandardCharsets.UTF_8).strip();
                    if (text.startsWith("data: ")) {
                        events.add(Json.parse(text.substring("data: ".length()).getBytes(StandardCharsets.UTF_8)));
                    }
                });
            } catch (Exception ignored) {
                // the test fails on the missing events
            } finally {
                events.add(END);
            }
        });
        return events;
    }

    private static List<JsonNode> drain(BlockingQueue<JsonNode> events) throws InterruptedException {
        List<JsonNode> all = new ArrayList<>();
        while (true) {
            JsonNode event = events.poll(10, TimeUnit.SECONDS);
            assertNotNull(event, "the stream did not end: " + all);
            if (event == END) {
                return all;
            }
            all.add(event);
        }
    }

    private static String state(JsonNode event) {
        return event.at("/statusUpdate/status/state").asText();
    }

    @Test
    void cancel_of_a_running_task_ends_its_stream_canceled_and_stops_its_run() throws Exception {
        AgentPort port = instance(new DefaultAgent(Duration.ofMillis(200)), Map.of());
        BlockingQueue<JsonNode> events = stream(port, request("POST", "/message:stream", message("a long story")));
        JsonNode first = events.poll(5, TimeUnit.SECONDS);
        String id = first.at("/task/id").asText();
        assertEquals("TASK_STATE_WORKING", first.at("/task/status/state").asText());

        JsonNode canceled = call(port, "POST", "/tasks/" + id + ":cancel", null);
        assertEquals("TASK_STATE_CANCELED", canceled.at("/status/state").asText(), canceled.toString());
        List<JsonNode> rest = drain(events);
        assertEquals("TASK_STATE_CANCELED", state(rest.getLast()), rest.toString());
        assertTrue(port.runs().awaitIdle(Duration.ofSeconds(5)), "the run was not stopped");
    }

    @Test
    void a_subscriber_on_another_instance_follows_the_task_to_its_end() throws Exception {
        AgentPort origin = instance(new DefaultAgent(Duration.ofMillis(60)), Map.of());
        AgentPort other = instance(new DefaultAgent(Duration.ZERO), Map.of());
        BlockingQueue<JsonNode> started = stream(origin, request("POST", "/message:stream",
                message("one two three four five")));
        String id = started.poll(5, TimeUnit.SECONDS).at("/task/id").asText();

        List<JsonNode> followed = drain(stream(other, request("GET", "/tasks/" + id + ":subscribe", null)));
        assertEquals(id, followed.getFirst().at("/task/id").asText(), followed.toString());
        assertEquals("TASK_STATE_COMPLETED", state(followed.getLast()), followed.toString());
        assertFalse(followed.stream().anyMatch(event -> event.has("jsonrpc")), followed.toString());
        drain(started);
    }

    @Test
    void cancel_on_another_instance_stops_the_run_here() throws Exception {
        AgentPort origin = instance(new DefaultAgent(Duration.ofMillis(200)), Map.of());
        AgentPort other = instance(new DefaultAgent(Duration.ZERO), Map.of());
        BlockingQueue<JsonNode> events = stream(origin, request("POST", "/message:stream", message("a long story")));
        String id = events.poll(5, TimeUnit.SECONDS).at("/task/id").asText();

        assertEquals("TASK_STATE_CANCELED", call(other, "POST", "/tasks/" + id + ":cancel", null)
                .at("/status/state").asText());
        assertEquals("TASK_STATE_CANCELED", state(drain(events).getLast()));
        assertTrue(origin.runs().awaitIdle(Duration.ofSeconds(10)), "the run on the origin was not stopped");
    }

    @Test
    void a_required_extension_not_activated_is_400_extension_support_required() throws Exception {
        AgentPort port = instance(new DefaultAgent(Duration.ZERO), Map.of("AGENT_AION_DAEMON", "required"));
        HttpResponse response = port.handle(request("POST", "/message:send", message("hi")));
        assertEquals(400, response.status());
        assertEquals("EXTENSION_SUPPORT_REQUIRED",
                Json.parse(response.bodyBytes()).at("/error/details/0/reason").asText());
    }

    @Test
    void a_return_immediately_send_answers_the_working_task_and_the_run_goes_on() throws Exception {
        AgentPort port = instance(new DefaultAgent(Duration.ofMillis(20)), Map.of());
        JsonNode sent = call(port, "POST", "/message:send", "{\"message\":{\"messageId\":\"r\",\"role\":\"ROLE_USER\","
                + "\"parts\":[{\"text\":\"hi there\"}]},\"configuration\":{\"returnImmediately\":true}}");
        assertEquals("TASK_STATE_WORKING", sent.at("/task/status/state").asText(), sent.toString());
        assertTrue(port.runs().awaitIdle(Duration.ofSeconds(10)));
        assertEquals("TASK_STATE_COMPLETED", call(port, "GET", "/tasks/" + sent.at("/task/id").asText(), null)
                .at("/status/state").asText());
    }

    @Test
    void with_the_face_off_its_paths_are_nobodys_and_the_card_omits_it() throws Exception {
        AgentPort port = instance(new DefaultAgent(Duration.ZERO), Map.of("AGENT_FACES", "agentbreeder,daedalus,a2a-jsonrpc"));
        assertEquals(404, port.handle(request("POST", "/message:send", message("hi"))).status());
        JsonNode card = Json.parse(port.handle(HttpRequest.builder("GET", "/.well-known/agent-card.json").build())
                .bodyBytes());
        assertFalse(card.get("supportedInterfaces").toString().contains("HTTP+JSON"), card.toString());
    }
}
