package dev.agentport.lambda.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;

import java.io.IOException;
import java.time.Instant;

/**
 * Lambda HTTP events to core requests and core responses to response events, for payload formats 1.0 and 2.0
 * (Function URLs use 2.0). Pure functions over Jackson trees: no I/O, no state.
 *
 * <pre>{@code
 * HttpEvent event = HttpEvents.read(HttpEvents.parse(bytes), deadline);
 * HttpResponse response = core.handle(event.request());
 * byte[] out = HttpEvents.write(event.format(), response, bodyBytes);
 * }</pre>
 */
public final class HttpEvents {

    /**
     * Reads and writes events. Lambda's events are trusted JSON, so unlike the core's request-body mapper this one
     * does not check for duplicate names; the default read limits still apply.
     */
    static final ObjectMapper MAPPER = new ObjectMapper();

    private HttpEvents() {
    }

    /** Parses the event's JSON; anything that is not a JSON object is not an HTTP event. */
    public static JsonNode parse(byte[] event) {
        try {
            JsonNode tree = MAPPER.readTree(event);
            if (tree == null || !tree.isObject()) {
                throw new NotAnHttpEventException("the Lambda event is not a JSON object, so it is not an API Gateway "
                        + "or Function URL event");
            }
            return tree;
        } catch (JsonProcessingException e) {
            throw new NotAnHttpEventException("the Lambda event is not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new NotAnHttpEventException("the Lambda event could not be read: " + e.getMessage());
        }
    }

    /**
     * Reads an HTTP event.
     *
     * @param deadline when Lambda stops the invocation, or null
     * @throws NotAnHttpEventException    when the event comes from another source than API Gateway or a Function URL
     * @throws InvalidHttpEventException  when it is an HTTP event that cannot be mapped (answer with the core's transport error)
     */
    public static HttpEvent read(JsonNode event, Instant deadline) {
        PayloadFormat format = formatOf(event);
        HttpRequest request = switch (format) {
            case V1 -> V1Events.request(event, deadline);
            case V2 -> V2Events.request(event, deadline);
        };
        return new HttpEvent(format, request);
    }

    /** The response event for a response whose body is known in full. */
    public static ObjectNode response(PayloadFormat format, HttpResponse response, byte[] body) {
        return switch (format) {
            case V1 -> V1Events.response(response.status(), response.headers(), body);
            case V2 -> V2Events.response(response.status(), response.headers(), body);
        };
    }

    /** The response event as bytes. */
    public static byte[] write(PayloadFormat format, HttpResponse response, byte[] body) {
        // the core's tree writer: the same bytes as writeValueAsBytes, without making a serializer provider
        return Json.bytes(response(format, response, body));
    }

    /**
     * The format of an event: a {@code version} of "1.0" or "2.0" decides; without one, {@code httpMethod} means 1.0
     * and {@code requestContext.http} means 2.0. An event with API Gateway's marks but neither is a broken 2.0 event.
     */
    static PayloadFormat formatOf(JsonNode event) {
        String version = event.path("version").asText("");
        if (version.equals("2.0") || event.path("requestContext").has("http")) {
            return PayloadFormat.V2;
        }
        if (version.equals("1.0") || event.has("httpMethod")) {
            return PayloadFormat.V1;
        }
        if (event.has("rawPath") || event.has("routeKey") || event.has("requestContext")) {
            throw new InvalidHttpEventException(PayloadFormat.V2, "the event has neither requestContext.http "
                    + "(payload format 2.0) nor httpMethod (payload format 1.0)");
        }
        throw new NotAnHttpEventException("the Lambda event is not an API Gateway or Function URL HTTP event "
                + "(no httpMethod, requestContext or rawPath); this function only serves HTTP");
    }
}
