package dev.agentport.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a target answered to one request: status, headers (names lower-cased) and body, and for an event stream the
 * events with the time each arrived.
 */
public record Exchange(String target,
                       CaseRequest request,
                       int status,
                       Map<String, List<String>> headers,
                       byte[] body,
                       List<SseEvent> events) {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    public Exchange {
        Map<String, List<String>> lower = new LinkedHashMap<>();
        headers.forEach((name, values) -> lower.computeIfAbsent(name.toLowerCase(Locale.ROOT),
                n -> new ArrayList<>()).addAll(values));
        headers = lower;
    }

    /** The first value of a header, or {@code null}. */
    public String header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    public JsonNode json() {
        try {
            return MAPPER.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON from " + target + ": " + text(), e);
        }
    }

    public boolean isEventStream() {
        String type = header("content-type");
        return type != null && type.startsWith("text/event-stream");
    }

    /** Parses an SSE body into events (used when the events were not timed while reading). */
    static List<SseEvent> parseEvents(String text, long arrivedAt) {
        List<SseEvent> events = new ArrayList<>();
        String event = null;
        StringBuilder data = null;
        for (String line : text.split("\n", -1)) {
            if (line.isEmpty()) {
                if (data != null) {
                    events.add(new SseEvent(event, data.toString(), arrivedAt));
                }
                event = null;
                data = null;
            } else if (line.startsWith("event: ")) {
                event = line.substring(7);
            } else if (line.startsWith("data: ")) {
                data = data == null ? new StringBuilder(line.substring(6)) : data.append('\n').append(line.substring(6));
            }
        }
        return events;
    }

    @Override
    public String toString() {
        return target + " " + request.method() + " " + request.path() + " -> " + status + " " + headers + " "
                + (text().length() > 600 ? text().substring(0, 600) + "..." : text());
    }
}
