package dev.agentport.mcp;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Thrown by {@link McpCall#ask} in 2026-07-28 when a question has no answer yet: the face turns it into an
 * {@code input_required} result. Tools let it pass.
 */
final class InputRequired extends RuntimeException {

    private final transient Map<String, ClientRequest> pending;

    InputRequired(Map<String, ClientRequest> pending) {
        super("the client must answer " + pending.keySet(), null, false, false);
        this.pending = Collections.unmodifiableMap(new LinkedHashMap<>(pending));
    }

    Map<String, ClientRequest> pending() {
        return pending;
    }
}
