package dev.agentport.helidon;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentport.langchain4j.ScriptedModelServer;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged server started with only the model agent's variables, at {@code LOG_LEVEL=DEBUG}: the provider is
 * found in the shaded jar, the key reaches the model server and none of the server's lines.
 */
class ModelAgentPackagedIT {

    private static final String KEY = "sk-packaged-test-9a8b7c6d";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void the_packaged_server_serves_the_model_agent_from_its_variables_alone() throws Exception {
        ScriptedModelServer model = ScriptedModelServer.start();
        try (PackagedServer server = PackagedServer.start(Map.of("AGENT_MODEL_PROVIDER", "openai",
                "AGENT_MODEL_NAME", "scripted-model", "OPENAI_BASE_URL", model.baseUrl(), "OPENAI_API_KEY", KEY,
                "LOG_LEVEL", "DEBUG", "AGENT_RUN_TIMEOUT_SECONDS", "5"))) {
            HttpResponse<String> answer = invoke(server.port);
            assertEquals(200, answer.statusCode(), answer.body());
            assertEquals("The scripted model heard: hello", JSON.readTree(answer.body()).get("output").asText());
            assertEquals("Bearer " + KEY, model.received().getFirst().authorization());

            model.close();
            HttpResponse<String> down = invoke(server.port);
            assertTrue(down.statusCode() >= 500 && down.statusCode() < 600, down.statusCode() + " " + down.body());
            assertEquals("the model provider openai could not be reached",
                    JSON.readTree(down.body()).at("/error/message").asText(), down.body());

            String output = server.output();
            assertTrue(output.contains("serving the openai model agent"), output);
            assertFalse(output.contains(KEY), "the key in the server's output");
        } finally {
            model.close();
        }
    }

    private static HttpResponse<String> invoke(int port) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/invoke"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"input\":\"hello\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
