package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.AgentPort;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.runtime.RuntimeConfig;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The document {@code GET /openapi.json} serves is a valid OpenAPI 3.1 document, checked by an independent validator
 * against the OpenAPI Initiative's JSON Schema, with auth on and off.
 */
class OpenApiDocumentTest {

    @ParameterizedTest(name = "AGENT_AUTH_TOKEN=\"{0}\"")
    @ValueSource(strings = {"", "a-token"})
    void served_openapi_document_is_valid_openapi_3_1(String token, @TempDir Path dir) throws Exception {
        AgentPort core = AgentPort.builder()
                .config(RuntimeConfig.fromEnvironment(Map.of("AGENT_AUTH_TOKEN", token)))
                .build()
                .startAndAwait();
        HttpResponse response = core.handle(HttpRequest.builder("GET", "/openapi.json").build());
        assertEquals(200, response.status());
        Path document = Files.write(dir.resolve("openapi.json"), response.bodyBytes());

        NodeTools.ensureInstalled("@seriousme/openapi-schema-validator", "the OpenAPI document was not validated.");
        NodeTools.Result result = NodeTools.run(List.of("node",
                Repo.checksDir().resolve("src/test/node/openapi-validate.mjs").toString(), document.toString()),
                Repo.checksDir());
        JsonNode verdict = Json.MAPPER.readTree(result.stdout());
        assertEquals("3.1", verdict.path("version").asText(), result.stdout());
        assertTrue(verdict.path("valid").asBoolean(), "the validator rejected /openapi.json: " + result.stdout()
                + result.stderr());
        assertEquals(0, result.exitCode());
    }
}
