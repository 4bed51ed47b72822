package dev.agentport.agentbreeder;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.json.Json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds the OpenAPI 3.1 document of this server from {@link AgentBreederApi#ENDPOINTS}, the {@link ErrorCode}s and
 * the schema resources: the same definitions the router and the handlers use.
 */
final class OpenApiDocument {

    private static final String REF = "#/components/schemas/";

    private OpenApiDocument() {
    }

    static ObjectNode build(AgentDescriptor agent, boolean authEnabled, boolean resumeSupported, String publicUrl) {
        ObjectNode doc = Json.object();
        doc.put("openapi", "3.1.0");
        doc.put("jsonSchemaDialect", "https://json-schema.org/draft/2020-12/schema");
        ObjectNode info = doc.putObject("info");
        info.put("title", agent.name() + " (AgentBreeder Runtime Contract v1)");
        info.put("version", agent.version());
        info.put("description", (agent.description().isEmpty() ? "" : agent.description() + "\n\n")
                + "Served by AgentPort. Bearer auth is " + (authEnabled ? "on" : "off") + " on this server; "
                + "/resume is " + (resumeSupported ? "supported" : "not supported (501)") + " by this agent.");
        info.put("x-agentbreeder-runtime-contract", ContractHeaders.VERSION);
        doc.putArray("servers").addObject().put("url", publicUrl == null ? "/" : publicUrl);
        ArrayNode tags = doc.putArray("tags");
        tags.addObject().put("name", "liveness").put("description", "Health probe; always open.");
        tags.addObject().put("name", "invoke").put("description", "Agent runs; bearer auth when configured.");
        tags.addObject().put("name", "discovery").put("description", "Self-description; always open.");

        ObjectNode paths = doc.putObject("paths");
        for (Endpoint endpoint : AgentBreederApi.ENDPOINTS) {
            ObjectNode path = paths.has(endpoint.path())
                    ? (ObjectNode) paths.get(endpoint.path()) : paths.putObject(endpoint.path());
            path.set(endpoint.method().toLowerCase(java.util.Locale.ROOT), operation(endpoint));
        }

        ObjectNode components = doc.putObject("components");
        ObjectNode schemas = components.putObject("schemas");
        for (String name : AgentBreederApi.SCHEMAS) {
            ObjectNode schema = Schemas.load(name);
            schema.remove("$schema");
            schemas.set(name, schema);
        }
        ObjectNode codes = schemas.putObject("ErrorCode");
        codes.put("type", "string");
        codes.put("description", "Every error.code this server sends, with its HTTP status.");
        ArrayNode values = codes.putArray("enum");
        ObjectNode statusByCode = codes.putObject("x-http-status");
        for (ErrorCode code : ErrorCode.values()) {
            values.add(code.name());
            statusByCode.put(code.name(), code.status());
        }
        ObjectNode security = components.putObject("securitySchemes").putObject("bearerAuth");
        security.put("type", "http");
        security.put("scheme", "bearer");
        security.put("description", "The token in AGENT_AUTH_TOKEN. Unset or empty disables auth.");
        ObjectNode headers = components.putObject("headers");
        ObjectNode version = headers.putObject("X-Runtime-Contract-Version");
        version.put("description", "Contract version this server implements; on every response.");
        version.put("required", true);
        version.putObject("schema").put("type", "string").put("const", ContractHeaders.VERSION);
        return doc;
    }

    private static ObjectNode operation(Endpoint endpoint) {
        ObjectNode op = Json.object();
        op.putArray("tags").add(endpoint.tag());
        op.put("operationId", endpoint.operationId());
        op.put("summary", endpoint.summary());
        ArrayNode security = op.putArray("security");
        if (endpoint.bearer()) {
            security.addObject().putArray("bearerAuth");
        }
        ArrayNode parameters = op.putArray("parameters");
        for (String header : endpoint.headers()) {
            ObjectNode parameter = parameters.addObject();
            parameter.put("name", header);
            parameter.put("in", "header");
            parameter.put("required", false);
            parameter.putObject("schema").put("type", "string");
        }
        if (endpoint.requestSchema() != null) {
            ObjectNode body = op.putObject("requestBody");
            body.put("required", true);
            body.putObject("content").putObject("application/json").putObject("schema")
                    .put("$ref", REF + endpoint.requestSchema());
        }
        ObjectNode responses = op.putObject("responses");
        ObjectNode ok = responses.putObject("200");
        ok.putObject("headers").putObject("X-Runtime-Contract-Version")
                .put("$ref", "#/components/headers/X-Runtime-Contract-Version");
        if (endpoint.responseSchema() == null) {
            ok.put("description", "Server-Sent Events: unnamed `data: {\"delta\":...}` text chunks; named `step`, "
                    + "`tool_call`, `result` and `error` events; always ends with `data: [DONE]`.");
            ObjectNode okHeaders = (ObjectNode) ok.get("headers");
            okHeaders.putObject("Cache-Control").putObject("schema").put("type", "string").put("const", "no-cache");
            okHeaders.putObject("X-Accel-Buffering").putObject("schema").put("type", "string").put("const", "no");
            ObjectNode schema = ok.putObject("content").putObject("text/event-stream").putObject("schema");
            schema.put("type", "string");
            ArrayNode events = schema.putArray("x-events");
            for (String event : List.of("SseTextDelta", "SseStepEvent", "SseToolCallEvent", "SseResultEvent",
                    "SseErrorEvent")) {
                events.addObject().put("$ref", REF + event);
            }
        } else if (endpoint.responseSchema().equals("OpenApiDocument")) {
            ok.put("description", "This document.");
            ok.putObject("content").putObject("application/json").putObject("schema").put("type", "object");
        } else {
            ok.put("description", "Success.");
            ok.putObject("content").putObject("application/json").putObject("schema")
                    .put("$ref", REF + endpoint.responseSchema());
        }
        if (endpoint == AgentBreederApi.HEALTH_ENDPOINT) {
            ObjectNode unavailable = responses.putObject("503");
            unavailable.put("description", "The agent failed to load (`failed`) or the server is shutting down "
                    + "(`draining`).");
            unavailable.putObject("content").putObject("application/json").putObject("schema")
                    .put("$ref", REF + "HealthResponse");
        }
        for (Map.Entry<Integer, List<ErrorCode>> entry : byStatus(endpoint.errors()).entrySet()) {
            ObjectNode response = responses.putObject(String.valueOf(entry.getKey()));
            List<String> names = new ArrayList<>();
            entry.getValue().forEach(code -> names.add(code.name()));
            response.put("description", entry.getValue().get(0).reason() + ": error.code is one of " + names + ".");
            if (entry.getKey() == 401) {
                response.putObject("headers").putObject("WWW-Authenticate").putObject("schema").put("type", "string");
            }
            if (entry.getKey() == 503) {
                response.putObject("headers").putObject("Retry-After").putObject("schema").put("type", "string");
            }
            response.putObject("content").putObject("application/json").putObject("schema")
                    .put("$ref", REF + "ErrorEnvelope");
        }
        return op;
    }

    private static Map<Integer, List<ErrorCode>> byStatus(List<ErrorCode> codes) {
        Map<Integer, List<ErrorCode>> byStatus = new TreeMap<>();
        for (ErrorCode code : codes) {
            byStatus.computeIfAbsent(code.status(), s -> new ArrayList<>()).add(code);
        }
        return new LinkedHashMap<>(byStatus);
    }
}
