package dev.agentport.agentbreeder;

import dev.agentport.auth.BearerAuth;
import dev.agentport.auth.BearerTokenCheck;
import dev.agentport.card.AgentCard;
import dev.agentport.face.ErrorShape;
import dev.agentport.face.Face;
import dev.agentport.face.FaceContext;
import dev.agentport.face.FaceRoutes;
import dev.agentport.http.Filter;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.runtime.Lifecycle;
import dev.agentport.runtime.ReadinessGate;
import dev.agentport.store.StoreUnavailableException;
import dev.agentport.telemetry.TraceIds;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The AgentBreeder Runtime Contract v1. Protected endpoints are wrapped, in this order, by the bearer check and the
 * readiness gate; every answer on the face's paths, and on paths no face owns, passes through {@link ContractHeaders}.
 * {@code /health} is this face's when {@code AGENT_HEALTH_FORMAT} is {@code agentbreeder} (the default).
 */
public final class AgentBreederFace implements Face {

    public static final String NAME = "agentbreeder";

    private static final Filter HEADERS = new ContractHeaders();
    private static final ErrorShape ERRORS = new Errors();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void describe(FaceContext context, AgentCard.Builder card) {
        card.streaming(true);
    }

    @Override
    public void mount(FaceContext context) {
        JsonBodies bodies = new JsonBodies(context.config().maxBodyBytes());
        BearerAuth auth = new BearerAuth(new BearerTokenCheck(context.config().authToken()), AgentBreederFace::refuse);
        ReadinessGate gate = new ReadinessGate(context.lifecycle(), AgentBreederFace::notReady);
        AgentCard card = context.card();

        // by identity: the endpoints are constants, and a record's own hashCode is bootstrapped at its first call
        Map<Endpoint, Handler> handlers = new IdentityHashMap<>();
        handlers.put(AgentBreederApi.HEALTH_ENDPOINT, new HealthHandler(context.lifecycle(), context.descriptor()));
        handlers.put(AgentBreederApi.INVOKE_ENDPOINT, new InvokeHandler(context.runs(), bodies));
        handlers.put(AgentBreederApi.STREAM_ENDPOINT, new StreamHandler(context.runs(), bodies));
        handlers.put(AgentBreederApi.RESUME_ENDPOINT, new ResumeHandler(context.runs(), bodies));
        handlers.put(AgentBreederApi.OPENAPI_ENDPOINT, new OpenApiHandler(context.descriptor(), card));
        handlers.put(AgentBreederApi.AGENT_CARD_ENDPOINT, new AgentCardHandler(card));

        FaceRoutes routes = context.routes(HEADERS, ERRORS);
        for (Endpoint endpoint : AgentBreederApi.ENDPOINTS) {
            if (endpoint == AgentBreederApi.HEALTH_ENDPOINT && !context.ownsHealth()) {
                continue;
            }
            Handler handler = handlers.get(endpoint);
            if (endpoint.bearer()) {
                handler = auth.around(gate.around(handler));
            }
            routes.route(endpoint.method(), endpoint.path(), handler);
        }
    }

    @Override
    public Optional<ErrorShape> unownedPaths(FaceContext context) {
        return Optional.of(ERRORS);
    }

    private static HttpResponse refuse(HttpRequest request, BearerTokenCheck.Outcome outcome) {
        return outcome == BearerTokenCheck.Outcome.MISSING
                ? ErrorEnvelope.of(request, ErrorCode.UNAUTHORIZED,
                        "missing bearer token: send Authorization: Bearer <token>")
                : ErrorEnvelope.of(request, ErrorCode.FORBIDDEN, "invalid bearer token");
    }

    private static HttpResponse notReady(HttpRequest request, Lifecycle.State state, String message) {
        return ErrorEnvelope.of(request,
                state == Lifecycle.State.DRAINING ? ErrorCode.SHUTTING_DOWN : ErrorCode.AGENT_NOT_LOADED, message);
    }

    /**
     * The face's one error mapper: unknown paths and methods, what a handler threw (a {@link ContractError}, a state
     * store outage, anything else) and transport refusals, in the envelope with the face's headers.
     */
    private static final class Errors implements ErrorShape {

        private static final Logger LOG = LoggerFactory.getLogger(Errors.class);

        @Override
        public HttpResponse notFound(HttpRequest request) {
            return ContractHeaders.stamp(request, ErrorEnvelope.of(request, ErrorCode.NOT_FOUND,
                    "no endpoint at " + JsonBodies.sanitize(request.path())));
        }

        @Override
        public HttpResponse methodNotAllowed(HttpRequest request, Set<String> allowed) {
            return ContractHeaders.stamp(request, ErrorEnvelope.of(request, ErrorCode.METHOD_NOT_ALLOWED,
                            JsonBodies.sanitize(request.method()) + " is not allowed on "
                                    + JsonBodies.sanitize(request.path()) + "; use " + String.join(", ", allowed))
                    .withHeader("Allow", String.join(", ", allowed)));
        }

        @Override
        public HttpResponse internalError(HttpRequest request, RuntimeException error) {
            return ContractHeaders.stamp(request, switch (error) {
                case ContractError refused -> ErrorEnvelope.of(request, refused);
                case StoreUnavailableException outage -> ErrorEnvelope.of(request, ErrorCode.SERVICE_UNAVAILABLE,
                        AgentFailures.storeUnavailable(outage, TraceIds.of(request),
                                request.method() + " " + request.path()).message());
                default -> {
                    String traceId = TraceIds.of(request);
                    LOG.error("unhandled failure on {} {} (trace_id={})", request.method(), request.path(), traceId,
                            error);
                    yield ErrorEnvelope.of(traceId, ErrorCode.INTERNAL_ERROR,
                            "the server failed unexpectedly; the server log has the details under trace_id " + traceId,
                            null);
                }
            });
        }

        @Override
        public HttpResponse transportError(int status, String detail) {
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
            return ContractHeaders.stamp(none, ErrorEnvelope.of(none, code, text));
        }
    }
}
