package dev.agentport.agentbreeder;

import dev.agentport.agent.AgentDescriptor;
import dev.agentport.auth.BearerTokenCheck;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.Router;
import dev.agentport.json.Json;
import dev.agentport.runtime.Lifecycle;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.runtime.Runs;

import java.util.Map;
import java.util.Set;

/**
 * The AgentBreeder Runtime Contract v1, mounted on a router. Protected endpoints are wrapped, in this order, by the
 * bearer check and the readiness gate; every response passes through {@link ContractHeaders}.
 */
public final class AgentBreederFace {

    private AgentBreederFace() {
    }

    /** Unknown paths and methods answered in the AgentBreeder error envelope. */
    public static Router.Fallbacks fallbacks() {
        return new Router.Fallbacks() {
            @Override
            public HttpResponse notFound(HttpRequest request) {
                return ErrorEnvelope.of(request, ErrorCode.NOT_FOUND,
                        "no endpoint at " + JsonBodies.sanitize(request.path()));
            }

            @Override
            public HttpResponse methodNotAllowed(HttpRequest request, Set<String> allowed) {
                return ErrorEnvelope.of(request, ErrorCode.METHOD_NOT_ALLOWED,
                                JsonBodies.sanitize(request.method()) + " is not allowed on " + request.path()
                                        + "; use " + String.join(", ", allowed))
                        .withHeader("Allow", String.join(", ", allowed));
            }

            @Override
            public HttpResponse internalError(HttpRequest request, RuntimeException error) {
                if (error instanceof ContractError contract) {
                    return ErrorEnvelope.of(request, contract);
                }
                throw error;
            }
        };
    }

    /**
     * The answer to a request the adapter's HTTP layer refused before the core saw it (a malformed request line,
     * oversized headers), in the same envelope and with the same headers as every other error.
     */
    public static HttpResponse transportError(int status) {
        return transportError(status, null);
    }

    /** As {@link #transportError(int)}, with the adapter's own explanation as the message when it has one. */
    public static HttpResponse transportError(int status, String detail) {
        ErrorCode code = switch (status) {
            case 404 -> ErrorCode.NOT_FOUND;
            case 405 -> ErrorCode.METHOD_NOT_ALLOWED;
            case 413 -> ErrorCode.PAYLOAD_TOO_LARGE;
            default -> status >= 500 ? ErrorCode.INTERNAL_ERROR : ErrorCode.MALFORMED_REQUEST;
        };
        String message = switch (code) {
            case PAYLOAD_TOO_LARGE -> "the request is too large";
            case INTERNAL_ERROR -> "the server failed to read the request";
            case MALFORMED_REQUEST -> "the request is not valid HTTP: check the request line, path and headers";
            default -> code.reason();
        };
        String text = detail == null || detail.isBlank() ? message : detail;
        HttpRequest none = HttpRequest.builder("GET", "/").build();
        return new ContractHeaders().filter(none, request -> ErrorEnvelope.of(request, code, text));
    }

    /** Adds the contract's routes and its outermost filter to {@code router}. */
    public static void mount(Router.Builder router, AgentDescriptor agent, Runs runs, Lifecycle lifecycle,
                             RuntimeConfig config) {
        JsonBodies bodies = new JsonBodies(config.maxBodyBytes());
        BearerAuth auth = new BearerAuth(new BearerTokenCheck(config.authToken()));
        ReadinessGate gate = new ReadinessGate(lifecycle);
        boolean resume = runs.agent().supportsResume();
        byte[] openApi = Json.bytes(OpenApiDocument.build(agent, config.authEnabled(), resume, config.publicUrl()));

        Map<Endpoint, Handler> handlers = Map.of(
                AgentBreederApi.HEALTH_ENDPOINT, new HealthHandler(lifecycle, agent),
                AgentBreederApi.INVOKE_ENDPOINT, new InvokeHandler(runs, bodies),
                AgentBreederApi.STREAM_ENDPOINT, new StreamHandler(runs, bodies),
                AgentBreederApi.RESUME_ENDPOINT, new ResumeHandler(runs, bodies),
                AgentBreederApi.OPENAPI_ENDPOINT, request -> HttpResponse.builder(200)
                        .contentType(ErrorEnvelope.JSON).body(openApi).build(),
                AgentBreederApi.AGENT_CARD_ENDPOINT, new AgentCardHandler(agent, config.authEnabled(), resume,
                        config.publicUrl()));

        router.filter(new ContractHeaders());
        for (Endpoint endpoint : AgentBreederApi.ENDPOINTS) {
            Handler handler = handlers.get(endpoint);
            if (endpoint.bearer()) {
                handler = auth.around(gate.around(handler));
            }
            router.route(endpoint.method(), endpoint.path(), handler);
        }
    }
}
