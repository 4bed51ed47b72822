package dev.agentport.validate.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentport.validate.RuleFailed;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the server answered to one request: status, headers (names lower-cased), body, and for an event stream its
 * events with the time each arrived.
 */
public record Answer(Request request, int status, Map<String, List<String>> headers, byte[] body,
                     List<SseEvent> events) {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    public Answer {
        Map<String, List<String>> lower = new LinkedHashMap<>();
        headers.forEach((name, values) -> lower.computeIfAbsent(name.toLowerCase(Locale.ROOT),
                n -> new ArrayList<>()).addAll(values));
        headers = lower;
        events = List.copyOf(events);
    }

    /** The first value of a header, or {@code null}. */
    public String header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    /** The media type of {@code Content-Type} without parameters, lower-cased, or {@code ""}. */
    public String mediaType() {
        String type = header("content-type");
        if (type == null) {
            return "";
        }
        int semicolon = type.indexOf(';');
        return (semicolon < 0 ? type : type.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    }

    public boolean isEventStream() {
        return mediaType().equals("text/event-stream");
    }

    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** The body as JSON; a rule fails with the body quoted when it is not JSON. */
    public JsonNode json() {
        try {
            JsonNode node = MAPPER.readTree(body);
            if (node == null || node.isMissingNode()) {
                throw new RuleFailed(request + " answered " + status + " with an empty body where JSON was expected");
            }
            return node;
        } catch (IOException e) {
            throw new RuleFailed(request + " answered " + status + " with a body that is not JSON: " + excerpt());
        }
    }

    /** The data of each event parsed as JSON, skipping {@code [DONE]}. */
    public List<JsonNode> eventsJson() {
        List<JsonNode> nodes = new ArrayList<>();
        for (SseEvent event : events) {
            if (event.isDone()) {
                continue;
            }
            try {
                nodes.add(MAPPER.readTree(event.data()));
            } catch (IOException e) {
                throw new RuleFailed(request + ": an event's data is not JSON: " + event.data());
            }
        }
        return nodes;
    }

    /** At most 300 characters of the body, for a failure's reason. */
    public String excerpt() {
        String text = text().replace('\n', ' ').replace('\r', ' ');
        return text.length() > 300 ? text.substring(0, 300) + "..." : text;
    }

    @Override
    public String toString() {
        return request + " -> " + status + " " + excerpt();
    }
}
