package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.agentport.a2a.Extensions;
import dev.agentport.a2a.InvalidField;
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

/**
 * One JSON-RPC request: the body, the envelope, the protocol version, required extensions, then the method. Order of
 * checks: body size → JSON → envelope → {@code A2A-Version} → required extensions → method → params. Every refusal is
 * a JSON-RPC error with the request's id (null when it could not be read), on HTTP 200; a body past the size limit is
 * 413, as it is never read, and a state store that failed is 503.
 */
final class JsonRpcHandler implements Handler {

    private final JsonBodyReader bodies;
    private final TaskMethods methods;
    private final Set<String> supportedExtensions;
    private final List<String> requiredExtensions;

    JsonRpcHandler(int maxBodyBytes, TaskMethods methods, Set<String> supportedExtensions,
                   List<String> requiredExtensions) {
        this.bodies = new JsonBodyReader(maxBodyBytes, true, true);
        this.methods = methods;
        this.supportedExtensions = supportedExtensions;
        this.requiredExtensions = requiredExtensions;
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        List<String> activated = Extensions.activated(request, supportedExtensions);
        HttpResponse response = answer(request, activated);
        return activated.isEmpty() ? response : response.withHeader(Extensions.HEADER, String.join(", ", activated));
    }

    private HttpResponse answer(HttpRequest request, List<String> activated) {
        ProtocolVersion read;
        RpcError badVersion = null;
        try {
            read = ProtocolVersion.of(request);
        } catch (RpcError.Failure failure) {
            read = ProtocolVersion.V1_0;
            badVersion = failure.error();
        }
        ProtocolVersion version = read;
        JsonNode id = NullNode.getInstance();
        try {
            RpcRequest rpc = bodies.read(request, RpcRequest::read);
            id = rpc.id();
            if (badVersion != null) {
                throw badVersion.failure();
            }
            for (String uri : requiredExtensions) {
                if (!activated.contains(uri)) {
                    throw RpcError.extensionRequired(uri).failure();
                }
            }
            Operation operation = version.operation(rpc.method())
                    .orElseThrow(() -> RpcError.methodNotFound(JsonBodyReader.sanitize(rpc.method())).failure());
            return methods.call(operation, rpc, version, request, activated);
        } catch (RpcRequest.Refused refused) {
            return RpcResponses.ok(RpcResponses.error(refused.id(), refused.error(), version));
        } catch (RpcError.Failure failure) {
            return RpcResponses.ok(RpcResponses.error(id, failure.error(), version));
        } catch (InvalidField invalid) {
            return RpcResponses.ok(RpcResponses.error(id, RpcError.invalidParams(invalid.getMessage()), version));
        } catch (StoreUnavailableException e) {
            AgentFailures.storeUnavailable(e, TraceIds.of(request), "JSON-RPC request");
            return RpcResponses.storeUnavailable(id, version);
        } catch (BodyProblem problem) {
            return switch (problem.kind()) {
                case TOO_LARGE -> RpcResponses.http(413, RpcResponses.error(id,
                        RpcError.invalidRequest("Invalid Request: " + problem.getMessage()), version));
                case UNSUPPORTED_MEDIA_TYPE -> RpcResponses.ok(RpcResponses.error(id,
                        RpcError.contentTypeNotSupported(problem.getMessage()), version));
                case EMPTY, NOT_JSON, NOT_AN_OBJECT -> RpcResponses.ok(RpcResponses.error(id,
                        RpcError.parse("Parse error: " + problem.getMessage()), version));
            };
        }
    }
}
