package dev.agentport.validate.http;

import java.util.ArrayList;
import java.util.List;

/**
 * One Server-Sent Event as a client parsed it.
 *
 * @param event     the {@code event:} name, or {@code null} for an unnamed event
 * @param id        the {@code id:} field, or {@code null}
 * @param data      the {@code data:} lines joined with {@code \n}
 * @param arrivedAt {@link System#nanoTime()} when the event's closing blank line arrived
 */
public record SseEvent(String event, String id, String data, long arrivedAt) {

    public boolean isDone() {
        return event == null && "[DONE]".equals(data);
    }

    /**
     * The events of a piece of an event stream that ends on an event boundary. Lines may end in LF, CRLF or CR; a
     * space after the field's colon is dropped; comments and events without data are skipped, as a browser does.
     */
    public static List<SseEvent> parse(String text, long arrivedAt) {
        List<SseEvent> events = new ArrayList<>();
        String event = null;
        String id = null;
        StringBuilder data = null;
        for (String line : text.split("\r\n|\r|\n", -1)) {
            if (line.isEmpty()) {
                if (data != null) {
                    events.add(new SseEvent(event, id, data.toString(), arrivedAt));
                }
                event = null;
                id = null;
                data = null;
                continue;
            }
            if (line.startsWith(":")) {
                continue;
            }
            int colon = line.indexOf(':');
            String field = colon < 0 ? line : line.substring(0, colon);
            String value = colon < 0 ? "" : line.substring(colon + 1);
            if (value.startsWith(" ")) {
                value = value.substring(1);
            }
            switch (field) {
                case "event" -> event = value;
                case "id" -> id = value;
                case "data" -> data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
                default -> {
                }
            }
        }
        return events;
    }
}
