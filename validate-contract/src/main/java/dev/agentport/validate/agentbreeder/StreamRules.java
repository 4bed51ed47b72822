package dev.agentport.validate.agentbreeder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.SseEvent;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Section 5, Streaming: the two event forms (unnamed text chunks with {@code delta} or {@code text}, and named
 * events), the fields of the named events the contract defines, and the {@code [DONE]} that ends every stream. Unknown
 * event names are allowed (adding one is not a breaking change). No rule needs the events to arrive one by one: a
 * platform may deliver a stream in one piece.
 */
final class StreamRules {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** The named events the contract defines, with the field each must carry. */
    private static final Map<String, String> NAMED_FIELDS = Map.of("step", "description", "tool_call", "name",
            "result", "output", "error", "error");

    private StreamRules() {
    }

    static void eventsAreTextChunksOrNamedEvents(Probe probe) {
        for (SseEvent event : events(probe)) {
            if (event.isDone()) {
                continue;
            }
            JsonNode data = data(event);
            if (event.event() == null) {
                boolean text = data.path("delta").isTextual() || data.path("text").isTextual();
                Expect.that(data.isObject() && text, "POST /stream sent an unnamed event that is not a text chunk "
                        + "({\"delta\": \"...\"} or {\"text\": \"...\"}): data: " + event.data());
            }
        }
    }

    static void namedEventsCarryTheirFields(Probe probe) {
        int checked = 0;
        for (SseEvent event : events(probe)) {
            String field = event.event() == null ? null : NAMED_FIELDS.get(event.event());
            if (field == null) {
                continue;
            }
            JsonNode data = data(event);
            JsonNode value = data.path(field);
            boolean present = data.isObject() && !value.isMissingNode()
                    && (field.equals("output") || value.isTextual());
            Expect.that(present, "POST /stream's \"" + event.event() + "\" event has no " + field
                    + (field.equals("output") ? "" : " string") + ": data: " + event.data());
            checked++;
        }
        if (checked == 0) {
            throw Expect.skip("POST /stream sent no step, tool_call, result or error event, so their fields were not "
                    + "checked");
        }
    }

    static void streamEndsWithDone(Probe probe) {
        List<SseEvent> events = events(probe);
        Expect.that(!events.isEmpty() && events.get(events.size() - 1).isDone(), "POST /stream did not end with "
                + "data: [DONE]" + (events.isEmpty() ? " (it sent no event)" : "; its last event was "
                + describe(events.get(events.size() - 1))));
        for (int i = 0; i < events.size() - 1; i++) {
            Expect.that(!events.get(i).isDone(), "POST /stream sent data: [DONE] before its last event");
        }
    }

    /** The contract's "successful or failed": a failed stream is checked only when one failed here. */
    static void failedStreamEndsWithDone(Probe probe) {
        List<SseEvent> events = events(probe);
        boolean failed = events.stream().anyMatch(event -> "error".equals(event.event()));
        if (!failed) {
            throw Expect.skip("no stream failed here (a failure cannot be provoked from outside), so that a failed "
                    + "stream ends with data: [DONE] was not checked");
        }
        streamEndsWithDone(probe);
    }

    static void streamTurnsOffCachingAndBuffering(Probe probe) {
        Answer stream = streamAnswer(probe);
        String cache = Expect.header(stream, "Cache-Control");
        Expect.that(cache.toLowerCase(java.util.Locale.ROOT).contains("no-cache"), stream.request()
                + " answered Cache-Control: " + cache + ", expected no-cache");
        Expect.equal("no", Expect.header(stream, "X-Accel-Buffering"), stream.request() + "'s X-Accel-Buffering");
    }

    private static Answer streamAnswer(Probe probe) {
        Answer stream = Calls.stream(probe);
        Expect.status(stream, 200);
        Expect.mediaType(stream, "text/event-stream");
        return stream;
    }

    private static List<SseEvent> events(Probe probe) {
        return streamAnswer(probe).events();
    }

    private static JsonNode data(SseEvent event) {
        try {
            return MAPPER.readTree(event.data());
        } catch (IOException e) {
            throw new RuleFailed("POST /stream sent " + describe(event) + " whose data is not JSON");
        }
    }

    private static String describe(SseEvent event) {
        String data = event.data().length() > 200 ? event.data().substring(0, 200) + "..." : event.data();
        return (event.event() == null ? "" : "event: " + event.event() + " ") + "data: " + data;
    }
}
