package dev.agentport.lambda.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.Headers;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.Json;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Payload format 1.0 (API Gateway REST API, HTTP API set to 1.0). Requests: {@code httpMethod}, {@code path} (already
 * without the stage), {@code multiValueHeaders} (else {@code headers}) and the decoded query parameters, encoded back
 * into a query string. Responses: single-valued headers in {@code headers}, repeated ones (Set-Cookie included) in
 * {@code multiValueHeaders}, so that API Gateway's merge of the two never duplicates a value.
 */
final class V1Events {

    private V1Events() {
    }

    static HttpRequest request(JsonNode event, Instant deadline) {
        String method = event.path("httpMethod").asText("");
        if (method.isBlank()) {
            throw new InvalidHttpEventException(PayloadFormat.V1, "the event has no httpMethod");
        }
        String path = event.path("path").asText("");
        if (!path.startsWith("/")) {
            throw new InvalidHttpEventException(PayloadFormat.V1, "the event has no path starting with /");
        }
        HttpRequest.Builder request = HttpRequest.builder(method.toUpperCase(Locale.ROOT), path)
                .rawQuery(query(event))
                .remoteAddress(event.path("requestContext").path("identity").path("sourceIp").asText(""))
                .deadline(deadline)
                .body(EventBodies.request(event, PayloadFormat.V1));
        JsonNode multi = event.path("multiValueHeaders");
        Headers headers = multi.isObject() && !multi.isEmpty()
                ? EventHeaders.multi(multi, PayloadFormat.V1)
                : EventHeaders.single(event.path("headers"), PayloadFormat.V1);
        headers.forEach((name, values) -> values.forEach(value -> request.header(name, value)));
        return request.build();
    }

    /** The query string, rebuilt from the decoded {@code multiValueQueryStringParameters} or {@code queryStringParameters}. */
    private static String query(JsonNode event) {
        JsonNode multi = event.path("multiValueQueryStringParameters");
        JsonNode params = multi.isObject() && !multi.isEmpty() ? multi : event.path("queryStringParameters");
        if (!params.isObject()) {
            return "";
        }
        StringBuilder query = new StringBuilder();
        for (Map.Entry<String, JsonNode> param : params.properties()) {
            Iterable<JsonNode> values = param.getValue().isArray() ? param.getValue() : List.of(param.getValue());
            for (JsonNode value : values) {
                query.append(query.isEmpty() ? "" : "&").append(encode(param.getKey()));
                if (!value.isNull()) {
                    query.append('=').append(encode(value.asText()));
                }
            }
        }
        return query.toString();
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    static ObjectNode response(int status, Headers headers, byte[] body) {
        ObjectNode response = Json.object();
        response.put("statusCode", status);
        ObjectNode single = response.putObject("headers");
        ObjectNode multi = response.putObject("multiValueHeaders");
        headers.forEach((name, values) -> {
            if (values.size() == 1) {
                single.put(name, values.get(0));
            } else {
                values.forEach(multi.putArray(name)::add);
            }
        });
        EventBodies.write(response, headers, body);
        return response;
    }
}
