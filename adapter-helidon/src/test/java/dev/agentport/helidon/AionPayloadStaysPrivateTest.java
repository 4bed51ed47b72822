package dev.agentport.helidon;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.agentport.contract.A2aJsonRpcCases;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.task.InMemoryTaskStore;
import dev.agentport.task.TaskQuery;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Aion daemon payload is request-scoped: over the Helidon server, with every logger at TRACE, its values appear in
 * no response, no stored task, no session and no log line, whether the request succeeds, streams or is refused.
 */
class AionPayloadStaysPrivateTest {

    private static final String SECRET = "daemon-secret-5c1f0e";
    private static final List<String> VALUES = List.of(SECRET, "inventoryAgent", "cdbb37fb-78c3-42f6-8572-5dfe3bb59272",
            "d739f802-b2b8-4602-9dac-2a316286a48f");

    @Test
    void a_daemon_payload_appears_in_no_stored_task_session_response_or_log_line() throws Exception {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        Level level = root.getLevel();
        ListAppender<ILoggingEvent> lines = new ListAppender<>();
        lines.start();
        root.addAppender(lines);
        root.setLevel(Level.TRACE);
        InMemoryTaskStore tasks = new InMemoryTaskStore();
        InMemorySessionStore sessions = new InMemorySessionStore();
        AgentPortServer server = AgentPortServer.builder().agent(new DefaultAgent(Duration.ZERO))
                .taskStore(tasks).sessionStore(sessions)
                .config(RuntimeConfig.fromEnvironment(Map.of("PORT", "0", "AGENT_AION_DAEMON", "optional")))
                .build().start()
                .awaitLoaded(Duration.ofSeconds(30));
        List<String> answers = new ArrayList<>();
        try {
            assertTrue(server.core().lifecycle().awaitSettled(10, TimeUnit.SECONDS));
            String params = A2aJsonRpcCases.aionParams(A2aJsonRpcCases.aionPayload()).replace("us-west-2", SECRET)
                    .replace("{run}", "private");
            String invalid = params.replace("\"behaviorKey\"", "\"otherKey\"");
            answers.add(send(server, "SendMessage", params));
            answers.add(send(server, "SendStreamingMessage", params));
            answers.add(send(server, "SendMessage", params.replace("Run a health check", "please approve")));
            answers.add(send(server, "SendMessage", invalid));
            answers.add(send(server, "ListTasks", "{}"));
            assertTrue(answers.getFirst().contains("TASK_STATE_COMPLETED"), answers.getFirst());
            assertTrue(answers.get(3).contains("-32602"), answers.get(3));
        } finally {
            server.stop();
            root.detachAppender(lines);
            root.setLevel(level);
        }
        String stored = tasks.list(new TaskQuery(null, null, 100, null)).tasks().stream()
                .map(task -> task.toJson().toString()).toList().toString();
        assertEquals(3, tasks.list(new TaskQuery(null, null, 100, null)).totalSize(), stored);
        String session = sessions.history("private").toString() + stored;
        String logs = lines.list.stream().map(line -> line.getFormattedMessage() + line.getKeyValuePairs()
                + line.getThrowableProxy()).toList().toString();
        assertFalse(lines.list.isEmpty());
        for (String value : VALUES) {
            assertFalse(String.join("\n", answers).contains(value), value + " in a response: " + answers);
            assertFalse(stored.contains(value), value + " in a stored task: " + stored);
            assertFalse(session.contains(value), value + " in a session");
            assertFalse(logs.contains(value), value + " in the log: " + logs);
        }
    }

    private static String send(AgentPortServer server, String method, String params) throws Exception {
        HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.port() + "/a2a"))
                .header("Content-Type", "application/json")
                .header("A2A-Version", "1.0")
                .header("A2A-Extensions", A2aJsonRpcCases.AION)
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method
                        + "\",\"params\":" + params + "}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), answer.body());
        return answer.headers().map() + answer.body();
    }
}
