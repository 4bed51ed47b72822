package dev.agentport.lambda.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.Headers;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.Json;

import java.time.Instant;
import java.util.Locale;

/**
 * Payload format 2.0 (API Gateway HTTP API, Lambda Function URLs). Requests: method from
 * {@code requestContext.http.method}, path from {@code rawPath} without the {@code /{stage}} prefix of a named stage,
 * query from {@code rawQueryString}, cookies from the {@code cookies} array rebuilt into one {@code Cookie} header.
 * Responses: {@code Set-Cookie} values go to {@code cookies}; other repeated headers are joined with ", " in
 * {@code headers} ({@code multiValueHeaders} does not exist in 2.0).
 */
final class V2Events {

    static final String DEFAULT_STAGE = "$default";
    private static final String SET_COOKIE = "set-cookie";

    private V2Events() {
    }

    static HttpRequest request(JsonNode event, Instant deadline) {
        JsonNode context = event.path("requestContext");
        JsonNode http = context.path("http");
        String method = http.path("method").asText("");
        if (method.isBlank()) {
            throw new InvalidHttpEventException(PayloadFormat.V2, "the event has no requestContext.http.method");
        }
        String rawPath = event.path("rawPath").asText(http.path("path").asText(""));
        if (!rawPath.startsWith("/")) {
            throw new InvalidHttpEventException(PayloadFormat.V2, "the event has no rawPath starting with /");
        }
        HttpRequest.Builder request = HttpRequest.builder(method.toUpperCase(Locale.ROOT),
                        withoutStage(rawPath, context.path("stage").asText(DEFAULT_STAGE)))
                .rawQuery(event.path("rawQueryString").asText(""))
                .remoteAddress(http.path("sourceIp").asText(""))
                .deadline(deadline)
                .body(EventBodies.request(event, PayloadFormat.V2));
        Headers headers = EventHeaders.single(event.path("headers"), PayloadFormat.V2);
        String cookie = cookieHeader(event.path("cookies"), headers.firstOrNull("Cookie"));
        for (String name : headers.names()) { // loops, not lambdas: each lambda is a class spun on the cold start
            if (!name.equalsIgnoreCase("Cookie")) {
                for (String value : headers.all(name)) {
                    request.header(name, value);
                }
            }
        }
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        return request.build();
    }

    /** {@code /prod/invoke} on stage {@code prod} is {@code /invoke}; {@code $default} stages are not in the path. */
    static String withoutStage(String rawPath, String stage) {
        if (stage.isEmpty() || stage.equals(DEFAULT_STAGE)) {
            return rawPath;
        }
        String prefix = "/" + stage;
        if (rawPath.equals(prefix)) {
            return "/";
        }
        return rawPath.startsWith(prefix + "/") ? rawPath.substring(prefix.length()) : rawPath;
    }

    /** One {@code Cookie} header from a {@code cookie} header (rare) and the {@code cookies} array; null if neither. */
    private static String cookieHeader(JsonNode cookies, String header) {
        StringBuilder joined = new StringBuilder(header == null ? "" : header);
        if (cookies.isArray()) {
            for (JsonNode cookie : cookies) {
                if (!cookie.asText("").isEmpty()) {
                    joined.append(joined.isEmpty() ? "" : "; ").append(cookie.asText());
                }
            }
        }
        return joined.isEmpty() ? null : joined.toString();
    }

    static ObjectNode response(int status, Headers headers, byte[] body) {
        ObjectNode response = Json.object();
        response.put("statusCode", status);
        putHeadersAndCookies(response, headers);
        EventBodies.write(response, headers, body);
        return response;
    }

    /** {@code headers} with repeated values joined, and {@code cookies} with every Set-Cookie (when there is one). */
    static void putHeadersAndCookies(ObjectNode target, Headers headers) {
        ObjectNode single = target.putObject("headers");
        ArrayNode cookies = null;
        for (String name : headers.names()) {
            if (name.equalsIgnoreCase(SET_COOKIE)) {
                cookies = target.putArray("cookies");
                for (String cookie : headers.all(name)) {
                    cookies.add(cookie);
                }
            } else {
                single.put(name, String.join(", ", headers.all(name)));
            }
        }
    }
}
