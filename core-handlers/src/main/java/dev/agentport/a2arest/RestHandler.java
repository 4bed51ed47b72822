package dev.agentport.a2arest;

import dev.agentport.a2a.Extensions;
import dev.agentport.a2a.InvalidField;
import dev.agentport.a2a.VersionParameter;
import dev.agentport.a2a.tasks.TaskRefusal;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.BodyProblem;
import dev.agentport.json.JsonBodyReader;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.store.StoreUnavailableException;
import dev.agentport.telemetry.TraceIds;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * One request of the binding. Order of checks: path → method (405) → {@code A2A-Version} → required extensions →
 * the operation (its body or query, then the task). Every refusal is a {@code google.rpc.Status} in
 * {@code application/a2a+json}; activated extensions are echoed in {@code A2A-Extensions}.
 */
final class RestHandler implements Handler {

    private final RestMethods methods;
    private final RestErrors errors;
    private final Set<String> supportedExtensions;
    private final List<String> requiredExtensions;

    RestHandler(RestMethods methods, RestErrors errors, Set<String> supportedExtensions,
                List<String> requiredExtensions) {
        this.methods = methods;
        this.errors = errors;
        this.supportedExtensions = supportedExtensions;
        this.requiredExtensions = requiredExtensions;
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        RestPath path = RestPath.parse(request.path()).orElse(null);
        if (path == null) {
            return errors.notFound(request);
        }
        if (!path.operation().methods().contains(request.method())) {
            return errors.methodNotAllowed(request, new TreeSet<>(path.operation().methods()));
        }
        List<String> activated = Extensions.activated(request, supportedExtensions);
        HttpResponse response = answer(path, request, activated);
        return activated.isEmpty() ? response : response.withHeader(Extensions.HEADER, String.join(", ", activated));
    }

    private HttpResponse answer(RestPath path, HttpRequest request, List<String> activated) {
        try {
            checkVersion(request);
            for (String uri : requiredExtensions) {
                if (!activated.contains(uri)) {
                    throw RestError.extensionRequired(uri).failure();
                }
            }
            return methods.call(path, request, activated);
        } catch (RestError.Failure failure) {
            return RestResponses.error(failure.error());
        } catch (InvalidField invalid) {
            return RestResponses.error(RestError.invalidArgument("Invalid argument: " + invalid.getMessage()));
        } catch (TaskRefusal refusal) {
            return RestResponses.error(refused(refusal));
        } catch (StoreUnavailableException e) {
            AgentFailures.storeUnavailable(e, TraceIds.of(request), "A2A HTTP+JSON request");
            return RestResponses.storeUnavailable();
        } catch (BodyProblem problem) {
            return RestResponses.error(switch (problem.kind()) {
                case TOO_LARGE -> RestError.tooLarge(problem.getMessage());
                case UNSUPPORTED_MEDIA_TYPE -> RestError.contentTypeNotSupported(problem.getMessage());
                case EMPTY, NOT_JSON, NOT_AN_OBJECT -> RestError.invalidArgument(problem.getMessage());
            });
        }
    }

    /**
     * This binding is A2A 1.0's: {@code 1.0} and {@code 1.0.x} are served; so is a request that names no version, as
     * its paths are 1.0's (0.3's HTTP+JSON paths began with {@code /v1}). Any other version is refused.
     */
    private static void checkVersion(HttpRequest request) {
        String version = VersionParameter.of(request);
        if (version != null && !version.isEmpty() && !version.equals("1.0") && !version.startsWith("1.0.")) {
            throw RestError.versionNotSupported(JsonBodyReader.sanitize(version)).failure();
        }
    }

    private static RestError refused(TaskRefusal refusal) {
        return switch (refusal.reason()) {
            case UNKNOWN_TASK -> RestError.taskNotFound(refusal.taskId());
            case NOT_AWAITING_INPUT, TAKEN_MEANWHILE, NO_EVENTS_LEFT ->
                    RestError.unsupportedOperation(refusal.getMessage());
            case NO_ANSWER -> RestError.invalidArgument("Invalid argument: " + refusal.getMessage());
            case NOT_CANCELABLE -> RestError.taskNotCancelable(refusal.taskId(), refusal.state().wireName());
        };
    }
}
