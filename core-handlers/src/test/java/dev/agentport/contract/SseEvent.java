package dev.agentport.contract;

/**
 * One Server-Sent Event as a client parsed it.
 *
 * @param event     the {@code event:} name, or {@code null} for an unnamed event
 * @param data      the {@code data:} payload
 * @param arrivedAt nanoTime when the client received it
 */
public record SseEvent(String event, String data, long arrivedAt) {

    public boolean isDone() {
        return event == null && "[DONE]".equals(data);
    }
}
