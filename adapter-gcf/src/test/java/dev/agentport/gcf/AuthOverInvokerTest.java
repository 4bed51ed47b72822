package dev.agentport.gcf;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Bearer auth switched on through AGENT_AUTH_TOKEN in the invoker's environment. */
class AuthOverInvokerTest {

    private static final String TOKEN = "gcf-test-token";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static InvokerProcess invoker;
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        invoker = InvokerProcess.start(AgentPortFunction.class.getName(), Map.of("AGENT_AUTH_TOKEN", TOKEN,
                "DEFAULT_AGENT_WORD_DELAY_MS", "0"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (invoker != null) {
            invoker.close();
        }
    }

    @Test
    void invokeWithoutTokenGets401WithBearerChallenge() throws Exception {
        HttpResponse<String> response = invoke(null);
        assertEquals(401, response.statusCode(), response.body());
        assertEquals("Bearer", response.headers().firstValue("WWW-Authenticate").orElse("").split(" ")[0]);
        assertEquals("UNAUTHORIZED", JSON.readTree(response.body()).path("error").path("code").asText());
    }

    @Test
    void invokeWithWrongTokenGets403() throws Exception {
        HttpResponse<String> response = invoke("Bearer not-the-token");
        assertEquals(403, response.statusCode(), response.body());
        assertEquals("FORBIDDEN", JSON.readTree(response.body()).path("error").path("code").asText());
    }

    @Test
    void invokeWithTheTokenGets200() throws Exception {
        HttpResponse<String> response = invoke("Bearer " + TOKEN);
        assertEquals(200, response.statusCode(), response.body());
    }

    @Test
    void healthNeedsNoToken() throws Exception {
        HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(invoker.uri("/health")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
    }

    private static HttpResponse<String> invoke(String authorization) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(invoker.uri("/invoke"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"input\":\"hi\"}"));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
