package dev.agentport.lambda.events;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.http.Headers;

import java.util.Map;
import java.util.Set;

/** Header maps of events: {@code headers} (one string per name) and {@code multiValueHeaders} (a list per name). */
final class EventHeaders {

    private EventHeaders() {
    }

    /** {@code {"name": "value"}}; null or missing means none. Names stay as sent; lookups ignore case. */
    static Headers single(JsonNode headers, PayloadFormat format) {
        Headers.Builder builder = Headers.builder();
        for (Map.Entry<String, JsonNode> header : fields(headers, "headers", format)) {
            if (!header.getValue().isNull()) {
                builder.add(header.getKey(), header.getValue().asText());
            }
        }
        return builder.build();
    }

    /** {@code {"name": ["value", ...]}}; null or missing means none. */
    static Headers multi(JsonNode headers, PayloadFormat format) {
        Headers.Builder builder = Headers.builder();
        for (Map.Entry<String, JsonNode> header : fields(headers, "multiValueHeaders", format)) {
            if (header.getValue().isArray()) {
                header.getValue().forEach(value -> builder.add(header.getKey(), value.asText()));
            } else if (!header.getValue().isNull()) {
                builder.add(header.getKey(), header.getValue().asText());
            }
        }
        return builder.build();
    }

    private static Set<Map.Entry<String, JsonNode>> fields(JsonNode headers, String field, PayloadFormat format) {
        if (headers.isMissingNode() || headers.isNull()) {
            return Set.of();
        }
        if (!headers.isObject()) {
            throw new InvalidHttpEventException(format, "the event's " + field + " must be an object");
        }
        return headers.properties();
    }
}
