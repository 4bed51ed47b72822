package dev.agentport.telemetry;

/**
 * What the access log says about one request. Nothing from the body, the query string or a header value but a
 * well-formed trace id.
 *
 * @param method     the request method
 * @param path       the path without its query string
 * @param status     the response status
 * @param durationMs from the request reaching the core to the response's last byte handed to the adapter
 * @param traceId    the request's trace id
 */
public record AccessEntry(String method, String path, int status, long durationMs, String traceId) {
}
