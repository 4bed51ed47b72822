package dev.agentport.helidon.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The hand-written ceiling is only a fair comparison while it does {@code /invoke}'s contract work and answers what
 * AgentPort answers. Checks what it answers, never how fast.
 */
class HandWrittenInvokeServerTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    private static HandWrittenInvokeServer server;
    private static HttpClient client;

    @BeforeAll
    static void start() {
        server = HandWrittenInvokeServer.start(0);
        client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    @Test
    void firstInvokeSendsTheBytesOfTheBareHandlerAndSoOfAgentPort() throws Exception {
        // BareHelidonServerTest ties the bare handler's bytes to AgentPort's real /invoke answer.
        BareHelidonServer bare = BareHelidonServer.start(0);
        try {
            String expected = BareHelidonServerTest.normalised(BareHelidonServerTest.exchange(bare.port()));
            assertEquals(expected, BareHelidonServerTest.normalised(BareHelidonServerTest.exchange(server.port())));
        } finally {
            bare.stop();
        }
    }

    @Test
    void withoutASessionIdEachAnswerHasANewRandomOne() throws Exception {
        HttpResponse<String> first = post("{\"input\":\"hello\"}", null);
        HttpResponse<String> second = post("{\"input\":\"hello\"}", null);
        assertEquals(200, first.statusCode());
        String id = MAPPER.readTree(first.body()).path("session_id").asText();
        assertTrue(id.matches(UUID), id);
        assertEquals(id, first.headers().firstValue("X-Session-Id").orElseThrow());
        assertNotEquals(id, MAPPER.readTree(second.body()).path("session_id").asText());
    }

    @Test
    void theSessionIdComesFromTheBodyElseTheHeader() throws Exception {
        HttpResponse<String> fromBody = post("{\"input\":\"hi\",\"session_id\":\"s-1\"}", "s-2");
        JsonNode body = MAPPER.readTree(fromBody.body());
        assertEquals("s-1", body.path("session_id").asText());
        assertEquals("s-1", fromBody.headers().firstValue("X-Session-Id").orElseThrow());
        assertEquals("You said \"hi\". This is turn 1 of this session.", body.path("output").asText());
        assertEquals(false, body.path("metadata").path("interrupted").asBoolean(true));
        assertEquals("1", fromBody.headers().firstValue("X-Runtime-Contract-Version").orElseThrow());
        assertEquals("application/json", fromBody.headers().firstValue("Content-Type").orElseThrow());

        HttpResponse<String> fromHeader = post("{\"input\":\"hi\"}", "s-2");
        assertEquals("s-2", MAPPER.readTree(fromHeader.body()).path("session_id").asText());
    }

    @Test
    void badJsonAndAMissingInputAre400WithTheErrorEnvelope() throws Exception {
        for (String[] bad : new String[][] {{"{\"input\": ", "INVALID_JSON"}, {"[1]", "INVALID_JSON"},
                {"", "INVALID_JSON"}, {"{\"session_id\":\"s\"}", "INVALID_INPUT"}}) {
            HttpResponse<String> answer = post(bad[0], null);
            assertEquals(400, answer.statusCode(), bad[0]);
            assertEquals(bad[1], MAPPER.readTree(answer.body()).path("error").path("code").asText(), bad[0]);
            assertEquals("1", answer.headers().firstValue("X-Runtime-Contract-Version").orElseThrow());
        }
    }

    private static HttpResponse<String> post(String body, String sessionHeader) throws Exception {
        URI uri = URI.create("http://127.0.0.1:" + server.port() + "/invoke");
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (sessionHeader != null) {
            request.header("X-Session-Id", sessionHeader);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
