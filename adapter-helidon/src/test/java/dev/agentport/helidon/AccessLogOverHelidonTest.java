package dev.agentport.helidon;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.event.KeyValuePair;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AccessLogOverHelidonTest {

    @Test
    void one_access_line_per_request_without_body_query_string_header_value_or_token() throws Exception {
        Logger access = (Logger) LoggerFactory.getLogger("dev.agentport.access");
        ListAppender<ILoggingEvent> lines = new ListAppender<>();
        lines.start();
        access.addAppender(lines);
        AgentPortServer server = AgentPortServer.builder().agent(TestAgents.echoContext())
                .config(RuntimeConfig.fromEnvironment(Map.of("PORT", "0", "AGENT_AUTH_TOKEN", "s3cret-token")))
                .build().start()
                .awaitLoaded(java.time.Duration.ofSeconds(30));
        try {
            assertTrue(server.core().lifecycle().awaitSettled(10, TimeUnit.SECONDS));
            HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + server.port() + "/invoke?api_key=query-secret"))
                    .header("Authorization", "Bearer s3cret-token")
                    .header("X-Custom", "header-secret")
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"input\":\"body-secret\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, answer.statusCode(), answer.body());
        } finally {
            server.stop();
            access.detachAppender(lines);
        }

        assertEquals(1, lines.list.size(), lines.list.toString());
        ILoggingEvent line = lines.list.getFirst();
        Map<String, Object> fields = line.getKeyValuePairs().stream()
                .filter(pair -> pair.value != null)
                .collect(Collectors.toMap(pair -> pair.key, pair -> pair.value));
        assertEquals("POST", fields.get("method"));
        assertEquals("/invoke", fields.get("path"));
        assertEquals(200, fields.get("status"));
        assertTrue(fields.containsKey("duration_ms"));
        String everything = line.getFormattedMessage() + line.getKeyValuePairs().stream()
                .map(KeyValuePair::toString).collect(Collectors.joining());
        for (String secret : new String[] {"query-secret", "api_key", "s3cret-token", "header-secret", "body-secret"}) {
            assertFalse(everything.contains(secret), secret + " in " + everything);
        }
    }
}
