package com.example.booking;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentport.helidon.AgentPortServer;
import dev.agentport.langchain4j.ScriptedModelServer;
import dev.agentport.langchain4j.ScriptedModelServer.Reply;
import dev.agentport.langchain4j.ScriptedModelServer.Status;
import dev.agentport.langchain4j.ScriptedModelServer.ToolCall;
import dev.agentport.runtime.Settings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The booking agent on a real server on loopback, its model a scripted OpenAI-compatible server standing in for the
 * provider (no network, no key in a build).
 */
class BookingAgentTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client = HttpClient.newHttpClient();
    private ScriptedModelServer model;
    private AgentPortServer server;

    @BeforeEach
    void start() throws Exception {
        model = ScriptedModelServer.start();
        server = AgentPortServer.builder().settings(Settings.of(Map.of("PORT", "0")))
                .agent(new BookingAgent(model.baseUrl(), "sk-test", "scripted-model", Duration.ofSeconds(30)))
                .build().start().awaitLoaded(Duration.ofSeconds(30));
    }

    @AfterEach
    void stop() {
        server.stop();
        model.close();
    }

    private JsonNode post(String path, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return JSON.readTree(client.send(request, HttpResponse.BodyHandlers.ofString()).body());
    }

    @Test
    void a_plain_question_gets_the_model_reply() throws Exception {
        model.then(new Reply("Which restaurant, and for how many?"));

        JsonNode answer = post("/invoke", "{\"input\":\"I want a table\"}");

        assertEquals("Which restaurant, and for how many?", answer.get("output").asText(), answer.toString());
    }

    @Test
    void a_booking_waits_for_approval_and_resume_books_the_table() throws Exception {
        model.then(new ToolCall("bookTable", "{\"restaurant\":\"Chez Ada\",\"people\":2}"),
                new Reply("Done: a table for 2 at Chez Ada."));

        JsonNode paused = post("/invoke", "{\"input\":\"Book Chez Ada for 2\",\"session_id\":\"dinner-1\"}");
        assertEquals("interrupted", paused.at("/output/status").asText(), paused.toString());
        assertEquals("bookTable", paused.at("/output/tool").asText(), paused.toString());
        assertEquals(1, model.received().size(), "the table is not booked before the approval");

        JsonNode resumed = post("/resume", "{\"thread_id\":\"dinner-1\",\"human_input\":\"yes\"}");

        assertEquals("Done: a table for 2 at Chez Ada.", resumed.get("output").asText(), resumed.toString());
        assertEquals("tool: Booked a table for 2 at Chez Ada.", model.received().get(1).messages().getLast());
    }

    @Test
    void a_failed_model_call_is_not_retried_as_in_agentports_built_in_agent() throws Exception {
        model.then(new Status(503, "{\"error\":{\"message\":\"overloaded\"}}"), new Reply("too late"));

        JsonNode answer = post("/invoke", "{\"input\":\"I want a table\"}");

        assertTrue(answer.has("error"), answer.toString());
        assertEquals(1, model.received().size(), "one call: the run's deadline, not retries, bounds it");
    }

    @Test
    void empty_model_variables_count_as_unset_as_the_deploy_files_pass_them() {
        // sam-template.yaml and the Terraform modules set OPENAI_BASE_URL and AGENT_MODEL_NAME to '' by default
        assertDoesNotThrow(() -> new BookingAgent(Map.of("OPENAI_BASE_URL", "", "AGENT_MODEL_NAME", " ",
                "OPENAI_API_KEY", "sk-test")));
    }
}
