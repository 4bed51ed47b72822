package dev.agentport.contract;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The AgentBreeder Runtime Contract v1 as cases, gathered from their groups ({@link DiscoveryCases},
 * {@link HeaderCases}, {@link AuthCases}, {@link InvokeCases}, {@link BadInputCases}, {@link StreamCases},
 * {@link ResumeCases}), with the assertions they share. Every target runs all of them with {@link #ENV}; adding a
 * rule is adding one entry to its group.
 */
public final class ContractCases {

    /** The bearer token every target is started with. */
    public static final String TOKEN = "parity-secret-token-3f9a";

    /** The environment every target is started with. */
    public static final Map<String, String> ENV = Map.of(
            "AGENT_AUTH_TOKEN", TOKEN,
            "AGENT_MAX_BODY_BYTES", "65536",
            "AGENT_AION_DAEMON", "optional",
            "DEFAULT_AGENT_WORD_DELAY_MS", "25");

    static final int MAX_BODY_BYTES = 65536;
    static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    private ContractCases() {
    }

    public static List<ContractCase> all() {
        List<ContractCase> cases = new ArrayList<>();
        cases.addAll(DiscoveryCases.health());
        cases.addAll(HeaderCases.versioning());
        cases.addAll(AuthCases.auth());
        cases.addAll(InvokeCases.invoke());
        cases.addAll(BadInputCases.badInput());
        cases.addAll(BadInputCases.orderOfChecks());
        cases.addAll(InvokeCases.sessionIds());
        cases.addAll(BadInputCases.bodyLimit());
        cases.addAll(HeaderCases.requestIds());
        cases.addAll(HeaderCases.traceIds());
        cases.addAll(StreamCases.stream());
        cases.addAll(ResumeCases.resume());
        cases.addAll(DiscoveryCases.discovery());
        return cases;
    }

    // ---- shared assertions -------------------------------------------------------------------------------------

    /**
     * Checks every answer must pass, whatever the case: on Daedalus and local adapter paths that face's own rules;
     * elsewhere the version header, no secret, no stack trace.
     */
    public static void assertCommonRules(Exchange answer) {
        if (A2aJsonRpcCases.owns(answer.request())) {
            A2aJsonRpcCases.assertCommonRules(answer);
            return;
        }
        if (A2aRestCases.owns(answer.request())) {
            A2aRestCases.assertCommonRules(answer);
            return;
        }
        if (DaedalusCases.owns(answer.request())) {
            DaedalusCases.assertCommonRules(answer);
            return;
        }
        if (LocalAdapterCases.owns(answer.request())) {
            LocalAdapterCases.assertCommonRules(answer);
            return;
        }
        if (McpCases.owns(answer.request())) {
            McpCases.assertCommonRules(answer);
            return;
        }
        if (AgentCoreCases.owns(answer.request())) {
            AgentCoreCases.assertCommonRules(answer);
            return;
        }
        assertEquals("1", answer.header("X-Runtime-Contract-Version"), "X-Runtime-Contract-Version on " + answer);
        String everything = answer.headers() + answer.text();
        assertFalse(everything.contains(TOKEN), "the token leaked: " + answer);
        assertFalse(everything.contains("\tat ") || everything.contains("Exception"), "stack trace: " + answer);
        if (answer.status() >= 400) {
            assertEquals("application/json", answer.header("Content-Type"), answer.toString());
            boolean healthForm = answer.request().path().equals("/health") && answer.status() == 503
                    && answer.json().has("status");
            SchemaCheck.assertValid(healthForm ? "HealthResponse" : "ErrorEnvelope", answer.json());
        }
    }

    static void assertError(Exchange answer, int status, String code) {
        assertEquals(status, answer.status(), answer.toString());
        assertEquals(code, answer.json().at("/error/code").asText(), answer.toString());
        assertFalse(answer.json().at("/error/message").asText().isBlank());
    }

    static void assertInvokeResponse(Exchange answer) {
        assertEquals(200, answer.status(), answer.toString());
        assertEquals("application/json", answer.header("Content-Type"));
        SchemaCheck.assertValid("InvokeResponse", answer.json());
    }

    static List<SseEvent> events(Exchange answer) {
        assertEquals(200, answer.status(), answer.toString());
        assertTrue(answer.isEventStream(), answer.toString());
        List<SseEvent> events = answer.events();
        assertNotNull(events);
        assertTrue(events.size() >= 2, answer.toString());
        return events;
    }

    /** The {@code trace_id} of an error envelope. */
    public static String traceIdOf(Exchange answer) {
        String traceId = answer.json().path("trace_id").asText();
        assertFalse(traceId.isEmpty(), "no trace_id: " + answer);
        return traceId;
    }

    static String sessionIdOf(Exchange answer) {
        String body = answer.request().body() == null ? "" : new String(answer.request().body(), StandardCharsets.UTF_8);
        return json(body).get("session_id").asText();
    }

    static List<String> fieldNames(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** A JSON body nested {@code depth} levels deep, the outer object included. */
    static String nested(int depth) {
        return "{\"input\":" + "[".repeat(depth - 1) + "]".repeat(depth - 1) + "}";
    }

    /** An invoke body of exactly {@code bytes} bytes. */
    static String invokeOfSize(int bytes) {
        String frame = "{\"input\":\"\"}";
        return "{\"input\":\"" + "a".repeat(bytes - frame.length()) + "\"}";
    }

    static JsonNode json(String text) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(text);
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + text, e);
        }
    }
}
