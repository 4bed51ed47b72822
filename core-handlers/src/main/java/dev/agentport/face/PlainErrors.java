package dev.agentport.face;

import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.json.JsonBodyReader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;

/**
 * The answers for paths no face owns when no enabled face offers its own shape:
 * {@code {"error":{"code":"NOT_FOUND","message":"..."}}} with the matching status.
 */
final class PlainErrors implements ErrorShape {

    private static final Logger LOG = LoggerFactory.getLogger(PlainErrors.class);

    @Override
    public HttpResponse notFound(HttpRequest request) {
        return error(404, "NOT_FOUND", "no endpoint at " + JsonBodyReader.sanitize(request.path()));
    }

    @Override
    public HttpResponse methodNotAllowed(HttpRequest request, Set<String> allowed) {
        return error(405, "METHOD_NOT_ALLOWED", JsonBodyReader.sanitize(request.method()) + " is not allowed here")
                .withHeader("Allow", String.join(", ", allowed));
    }

    @Override
    public HttpResponse internalError(HttpRequest request, RuntimeException error) {
        LOG.error("unhandled failure on {} {}", request.method(), request.path(), error);
        return error(500, "INTERNAL_ERROR", "the server failed unexpectedly");
    }

    @Override
    public HttpResponse transportError(int status, String detail) {
        return error(status, status >= 500 ? "INTERNAL_ERROR" : "MALFORMED_REQUEST",
                detail == null || detail.isBlank() ? "the request is not valid HTTP" : detail);
    }

    static HttpResponse error(int status, String code, String message) {
        var body = Json.object();
        body.putObject("error").put("code", code).put("message", message);
        return HttpResponse.builder(status).contentType("application/json").body(Json.bytes(body)).build();
    }
}
