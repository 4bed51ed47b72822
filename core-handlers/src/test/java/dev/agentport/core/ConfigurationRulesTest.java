package dev.agentport.core;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The README's configuration variables that change what the server says about itself. */
class ConfigurationRulesTest {

    private static final Map<String, String> OVERRIDES = Map.of(
            "AGENT_NAME", "support-bot",
            "AGENT_VERSION", "3.1.4",
            "AGENT_FRAMEWORK", "langchain4j",
            "AGENT_PUBLIC_URL", "https://agents.example.com/support");

    private final InProcessTarget configured = new InProcessTarget(new DefaultAgent(), OVERRIDES);

    @Test
    void agent_name_version_and_framework_reach_health() throws Exception {
        JsonNode health = configured.send(CaseRequest.get("/health").build()).json();
        assertEquals("support-bot", health.get("agent_name").asText());
        assertEquals("3.1.4", health.get("version").asText());
        assertEquals("langchain4j", health.get("framework").asText());
    }

    @Test
    void agent_name_version_and_framework_reach_the_agent_card() throws Exception {
        JsonNode card = configured.send(CaseRequest.get("/.well-known/agent.json").build()).json();
        assertEquals("support-bot", card.get("name").asText());
        assertEquals("3.1.4", card.get("version").asText());
        assertEquals("langchain4j", card.get("framework").asText());
    }

    @Test
    void agent_name_and_version_reach_the_openapi_document() throws Exception {
        JsonNode doc = configured.send(CaseRequest.get("/openapi.json").build()).json();
        assertTrue(doc.at("/info/title").asText().startsWith("support-bot "), doc.at("/info/title").asText());
        assertEquals("3.1.4", doc.at("/info/version").asText());
    }

    @Test
    void agent_public_url_is_the_agent_card_url() throws Exception {
        JsonNode card = configured.send(CaseRequest.get("/.well-known/agent.json").build()).json();
        assertEquals("https://agents.example.com/support", card.get("url").asText());
    }

    @Test
    void agent_public_url_is_the_openapi_server() throws Exception {
        JsonNode doc = configured.send(CaseRequest.get("/openapi.json").build()).json();
        assertEquals("[{\"url\":\"https://agents.example.com/support\"}]", doc.get("servers").toString());
    }

    @Test
    void without_overrides_the_agent_describes_itself() throws Exception {
        InProcessTarget plain = new InProcessTarget(TestAgents.echoContext(), Map.of());
        JsonNode health = plain.send(CaseRequest.get("/health").build()).json();
        assertEquals("test-agent", health.get("agent_name").asText());
        assertEquals("9.9.9", health.get("version").asText());
        assertFalse(health.has("framework"));
        JsonNode card = plain.send(CaseRequest.get("/.well-known/agent.json").build()).json();
        assertEquals("test-agent", card.get("name").asText());
        assertFalse(card.has("url"));
        assertFalse(card.has("framework"));
    }

    @Test
    void agent_card_has_no_security_schemes_when_auth_is_off() throws Exception {
        JsonNode card = configured.send(CaseRequest.get("/.well-known/agent.json").build()).json();
        assertFalse(card.has("securitySchemes"), card.toString());
        assertFalse(card.has("security"), card.toString());
    }

    @Test
    void agent_card_declares_bearer_security_when_auth_is_on_with_a_public_url() throws Exception {
        Map<String, String> env = new java.util.HashMap<>(OVERRIDES);
        env.put("AGENT_AUTH_TOKEN", "card-token");
        JsonNode card = new InProcessTarget(new DefaultAgent(), env)
                .send(CaseRequest.get("/.well-known/agent.json").build()).json();
        assertEquals("https://agents.example.com/support", card.get("url").asText());
        assertEquals("bearer", card.at("/securitySchemes/bearerAuth/scheme").asText());
        assertEquals("http", card.at("/securitySchemes/bearerAuth/type").asText());
    }
}
