package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.AgentPort;
import dev.agentport.agent.Agent;
import dev.agentport.http.Body;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.task.InMemoryTaskStore;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Instances on one task store and one session store, as behind a load balancer, and the A2A JSON-RPC calls and
 * streams the tests make to them.
 */
final class InstancesOnOneStore {

    /** What {@link #stream} adds to its queue once the stream has ended. */
    static final JsonNode END = Json.object().put("end", true);

    private final InMemoryTaskStore tasks;
    private final InMemorySessionStore sessions = new InMemorySessionStore();
    private final Clock clock;

    InstancesOnOneStore(InMemoryTaskStore tasks, Clock clock) {
        this.tasks = tasks;
        this.clock = clock;
    }

    InstancesOnOneStore() {
        this(new InMemoryTaskStore(), Clock.systemUTC());
    }

    InMemoryTaskStore tasks() {
        return tasks;
    }

    /** A started instance serving {@code agent}, with the settings in {@code env}. */
    AgentPort instance(Agent agent, Map<String, String> env) {
        return AgentPort.builder().agent(agent).taskStore(tasks).sessionStore(sessions).clock(clock)
                .config(RuntimeConfig.fromEnvironment(env)).build().startAndAwait();
    }

    AgentPort instance(Agent agent) {
        return instance(agent, Map.of());
    }

    /** A JSON-RPC request; {@code version} null is 0.3 (no {@code A2A-Version} header). */
    static HttpRequest.Builder rpc(String version, String method, String params) {
        HttpRequest.Builder request = HttpRequest.builder("POST", "/a2a").header("Content-Type", "application/json");
        if (version != null) {
            request.header("A2A-Version", version);
        }
        return request.body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method + "\",\"params\":" + params + "}");
    }

    /** A stream read on its own thread: its events' results arrive in the queue, then {@link #END}. */
    static BlockingQueue<JsonNode> stream(AgentPort port, HttpRequest request) {
        HttpResponse response = port.handle(request);
        assertTrue(response.body() instanceof Body.EventStream, "not a stream: " + response);
        BlockingQueue<JsonNode> results = new LinkedBlockingQueue<>();
        Thread.ofVirtual().start(() -> {
            try {
                ((Body.EventStream) response.body()).writer().writeTo(frame -> {
                    String text = new String(frame, StandardCharsets.UTF_8).strip();
                    if (text.startsWith("data: ")) {
                        results.add(Json.parse(text.substring("data: ".length()).getBytes(StandardCharsets.UTF_8))
                                .get("result"));
                    }
                });
            } catch (Exception ignored) {
                // the test fails on the missing events
            } finally {
                results.add(END);
            }
        });
        return results;
    }

    /** The stream's next event, failing the test when none comes. */
    static JsonNode next(BlockingQueue<JsonNode> events) throws InterruptedException {
        JsonNode event = events.poll(10, TimeUnit.SECONDS);
        assertNotNull(event, "no event came");
        return event;
    }

    /** The stream's events up to its end, failing the test when it does not end. */
    static List<JsonNode> drain(BlockingQueue<JsonNode> events) throws InterruptedException {
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
}
