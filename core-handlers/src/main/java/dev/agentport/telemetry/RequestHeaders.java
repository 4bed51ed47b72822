package dev.agentport.telemetry;

import dev.agentport.http.HttpRequest;
import io.opentelemetry.context.propagation.TextMapGetter;

/** Lets OpenTelemetry propagators read a core request's headers. */
enum RequestHeaders implements TextMapGetter<HttpRequest> {
    INSTANCE;

    @Override
    public Iterable<String> keys(HttpRequest request) {
        return request.headers().names();
    }

    @Override
    public String get(HttpRequest request, String name) {
        return request == null ? null : request.header(name);
    }
}
