package dev.agentport.contract;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.agentport.contract.CaseRequest.get;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Health, the OpenAPI document and the agent card: open to all, and describing the agent. */
final class DiscoveryCases {

    private DiscoveryCases() {
    }

    static List<ContractCase> health() {
        return List.of(
                ContractCase.of("health_is_open_and_reports_healthy", get("/health").build(), (answer, target) -> {
                    assertEquals(200, answer.status());
                    SchemaCheck.assertValid("HealthResponse", answer.json());
                    assertEquals("healthy", answer.json().get("status").asText());
                    assertEquals("agentport-default-agent", answer.json().get("agent_name").asText());
                }));
    }

    static List<ContractCase> discovery() {
        return List.of(
                ContractCase.of("openapi_is_open_and_a_complete_3_1_document", get("/openapi.json").build(),
                        (answer, target) -> {
                            assertEquals(200, answer.status());
                            JsonNode doc = answer.json();
                            assertEquals("3.1.0", doc.get("openapi").asText());
                            assertEquals("1", doc.at("/info/x-agentbreeder-runtime-contract").asText());
                            for (String path : List.of("/health", "/invoke", "/stream", "/resume", "/openapi.json",
                                    "/.well-known/agent.json")) {
                                assertTrue(doc.get("paths").has(path), path);
                            }
                            for (String schema : List.of("InvokeRequest", "InvokeResponse", "ResumeRequest",
                                    "ErrorEnvelope", "HealthResponse", "AgentCard")) {
                                assertTrue(doc.at("/components/schemas").has(schema), schema);
                            }
                            assertEquals("#/components/schemas/InvokeRequest",
                                    doc.at("/paths/~1invoke/post/requestBody/content/application~1json/schema/$ref")
                                            .asText());
                        }),
                ContractCase.of("agent_card_is_open_and_readable_by_agentbreeder_and_a2a",
                        get("/.well-known/agent.json").build(), (answer, target) -> {
                            assertEquals(200, answer.status());
                            JsonNode card = answer.json();
                            SchemaCheck.assertValid("AgentCard", card);
                            assertEquals("/invoke", card.at("/endpoints/invoke").asText());
                            assertEquals("/resume", card.at("/endpoints/resume").asText());
                            assertTrue(card.at("/capabilities/streaming").asBoolean());
                            assertFalse(card.get("skills").isEmpty());
                        }),
                ContractCase.of("agent_card_describes_the_agent_and_its_endpoints", get("/.well-known/agent.json")
                        .build(), (answer, target) -> {
                    JsonNode card = answer.json();
                    assertEquals("agentport-default-agent", card.get("name").asText());
                    assertEquals("0.1.0", card.get("version").asText());
                    assertFalse(card.get("description").asText().isBlank());
                    assertEquals("agentbreeder-runtime-v1", card.get("protocol").asText());
                    assertEquals("/stream", card.at("/endpoints/stream").asText());
                    assertEquals("/health", card.at("/endpoints/health").asText());
                    assertEquals("/openapi.json", card.at("/endpoints/openapi").asText());
                    assertTrue(card.at("/capabilities/resume").asBoolean());
                    assertEquals("[\"text/plain\",\"application/json\"]", card.get("defaultInputModes").toString());
                    assertEquals("[\"text/plain\",\"application/json\"]", card.get("defaultOutputModes").toString());
                    assertEquals("echo", card.at("/skills/0/id").asText());
                }),
                ContractCase.of("agent_card_declares_bearer_security_when_auth_is_on", get("/.well-known/agent.json")
                        .build(), (answer, target) -> {
                    JsonNode card = answer.json();
                    assertEquals("{\"bearerAuth\":{\"type\":\"http\",\"scheme\":\"bearer\"}}",
                            card.get("securitySchemes").toString());
                    assertEquals("[{\"bearerAuth\":[]}]", card.get("security").toString());
                }),
                ContractCase.of("agent_card_has_no_url_without_a_public_url", get("/.well-known/agent.json").build(),
                        (answer, target) -> assertFalse(answer.json().has("url"), answer.toString())),
                ContractCase.of("openapi_server_is_relative_without_a_public_url", get("/openapi.json").build(),
                        (answer, target) -> assertEquals("[{\"url\":\"/\"}]", answer.json().get("servers").toString())),
                ContractCase.of("openapi_names_the_agent", get("/openapi.json").build(), (answer, target) -> {
                    assertTrue(answer.json().at("/info/title").asText().startsWith("agentport-default-agent"));
                    assertEquals("0.1.0", answer.json().at("/info/version").asText());
                }),
                ContractCase.of("openapi_lists_every_error_code_with_its_status", get("/openapi.json").build(),
                        (answer, target) -> {
                            JsonNode codes = answer.json().at("/components/schemas/ErrorCode");
                            List<String> listed = new ArrayList<>();
                            codes.get("enum").forEach(code -> listed.add(code.asText()));
                            assertEquals(ERROR_STATUS.keySet(), new java.util.HashSet<>(listed));
                            ERROR_STATUS.forEach((code, status) ->
                                    assertEquals(status, codes.at("/x-http-status/" + code).asInt(), code));
                        }));
    }

    /** Every error code the README documents, with its status. */
    static final Map<String, Integer> ERROR_STATUS = Map.ofEntries(
            Map.entry("INVALID_JSON", 400), Map.entry("INVALID_INPUT", 400), Map.entry("UNSUPPORTED_MEDIA_TYPE", 400),
            Map.entry("UNSUPPORTED_CONTRACT_VERSION", 400), Map.entry("MALFORMED_REQUEST", 400),
            Map.entry("UNAUTHORIZED", 401), Map.entry("FORBIDDEN", 403), Map.entry("NOT_FOUND", 404),
            Map.entry("THREAD_NOT_FOUND", 404), Map.entry("METHOD_NOT_ALLOWED", 405),
            Map.entry("PAYLOAD_TOO_LARGE", 413), Map.entry("VALIDATION_FAILED", 422),
            Map.entry("INTERNAL_ERROR", 500), Map.entry("NOT_IMPLEMENTED", 501), Map.entry("AGENT_NOT_LOADED", 503),
            Map.entry("SHUTTING_DOWN", 503), Map.entry("SERVICE_UNAVAILABLE", 503),
            Map.entry("DEADLINE_EXCEEDED", 504));
}
