package dev.agentport.agentbreeder;

import java.util.List;

import static dev.agentport.agentbreeder.ErrorCode.AGENT_NOT_LOADED;
import static dev.agentport.agentbreeder.ErrorCode.DEADLINE_EXCEEDED;
import static dev.agentport.agentbreeder.ErrorCode.FORBIDDEN;
import static dev.agentport.agentbreeder.ErrorCode.INTERNAL_ERROR;
import static dev.agentport.agentbreeder.ErrorCode.INVALID_INPUT;
import static dev.agentport.agentbreeder.ErrorCode.INVALID_JSON;
import static dev.agentport.agentbreeder.ErrorCode.NOT_IMPLEMENTED;
import static dev.agentport.agentbreeder.ErrorCode.PAYLOAD_TOO_LARGE;
import static dev.agentport.agentbreeder.ErrorCode.SERVICE_UNAVAILABLE;
import static dev.agentport.agentbreeder.ErrorCode.SHUTTING_DOWN;
import static dev.agentport.agentbreeder.ErrorCode.THREAD_NOT_FOUND;
import static dev.agentport.agentbreeder.ErrorCode.UNAUTHORIZED;
import static dev.agentport.agentbreeder.ErrorCode.UNSUPPORTED_CONTRACT_VERSION;
import static dev.agentport.agentbreeder.ErrorCode.UNSUPPORTED_MEDIA_TYPE;
import static dev.agentport.agentbreeder.ErrorCode.VALIDATION_FAILED;

/** The AgentBreeder Runtime Contract v1 endpoints this server serves. */
final class AgentBreederApi {

    static final String HEALTH = "/health";
    static final String INVOKE = "/invoke";
    static final String STREAM = "/stream";
    static final String RESUME = "/resume";
    static final String OPENAPI = "/openapi.json";
    static final String AGENT_CARD = "/.well-known/agent.json";

    private static final List<ErrorCode> OPEN_ERRORS = List.of(UNSUPPORTED_CONTRACT_VERSION);
    private static final List<ErrorCode> RUN_ERRORS = List.of(INVALID_JSON, INVALID_INPUT, UNSUPPORTED_MEDIA_TYPE,
            UNSUPPORTED_CONTRACT_VERSION, UNAUTHORIZED, FORBIDDEN, PAYLOAD_TOO_LARGE, VALIDATION_FAILED,
            INTERNAL_ERROR, AGENT_NOT_LOADED, SHUTTING_DOWN, SERVICE_UNAVAILABLE, DEADLINE_EXCEEDED);
    private static final List<ErrorCode> RESUME_ERRORS = List.of(INVALID_JSON, UNSUPPORTED_MEDIA_TYPE,
            UNSUPPORTED_CONTRACT_VERSION, UNAUTHORIZED, FORBIDDEN, THREAD_NOT_FOUND, PAYLOAD_TOO_LARGE,
            VALIDATION_FAILED, INTERNAL_ERROR, NOT_IMPLEMENTED, AGENT_NOT_LOADED, SHUTTING_DOWN, SERVICE_UNAVAILABLE,
            DEADLINE_EXCEEDED);
    private static final List<String> RUN_HEADERS = List.of("X-Session-Id", "X-Request-Id", "X-Trace-Id",
            "traceparent", "X-Idempotency-Key", "X-Runtime-Contract-Version");
    private static final List<String> OPEN_HEADERS = List.of("X-Request-Id", "X-Runtime-Contract-Version");

    static final Endpoint HEALTH_ENDPOINT = new Endpoint("GET", HEALTH, "getHealth",
            "Liveness and readiness probe", "liveness", false, null, "HealthResponse", OPEN_ERRORS, OPEN_HEADERS);
    static final Endpoint INVOKE_ENDPOINT = new Endpoint("POST", INVOKE, "invokeAgent",
            "Synchronous agent run", "invoke", true, "InvokeRequest", "InvokeResponse", RUN_ERRORS, RUN_HEADERS);
    static final Endpoint STREAM_ENDPOINT = new Endpoint("POST", STREAM, "streamAgent",
            "Streaming agent run as Server-Sent Events", "invoke", true, "InvokeRequest", null, RUN_ERRORS,
            RUN_HEADERS);
    static final Endpoint RESUME_ENDPOINT = new Endpoint("POST", RESUME, "resumeAgent",
            "Resume a run paused for human input", "invoke", true, "ResumeRequest", "InvokeResponse",
            RESUME_ERRORS, List.of("X-Request-Id", "X-Trace-Id", "traceparent", "X-Runtime-Contract-Version"));
    static final Endpoint OPENAPI_ENDPOINT = new Endpoint("GET", OPENAPI, "getOpenAPI",
            "This OpenAPI document", "discovery", false, null, "OpenApiDocument", OPEN_ERRORS, OPEN_HEADERS);
    static final Endpoint AGENT_CARD_ENDPOINT = new Endpoint("GET", AGENT_CARD, "getAgentCard",
            "Agent card (AgentBreeder and A2A readers)", "discovery", false, null, "AgentCard", OPEN_ERRORS,
            OPEN_HEADERS);

    static final List<Endpoint> ENDPOINTS = List.of(HEALTH_ENDPOINT, INVOKE_ENDPOINT, STREAM_ENDPOINT,
            RESUME_ENDPOINT, OPENAPI_ENDPOINT, AGENT_CARD_ENDPOINT);

    /** Schemas published under {@code components.schemas}; each is a resource {@code schemas/<name>.json}. */
    static final List<String> SCHEMAS = List.of("HealthResponse", "AgentCard", "InvokeRequest", "InvokeResponse",
            "InterruptedOutput", "ResumeRequest", "ErrorEnvelope", "SseTextDelta", "SseStepEvent",
            "SseToolCallEvent", "SseErrorEvent", "SseResultEvent");

    private AgentBreederApi() {
    }
}
