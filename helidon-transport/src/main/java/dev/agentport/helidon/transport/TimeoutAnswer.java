package dev.agentport.helidon.transport;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The headers and body a client gets with its 408 when it is too slow with its request headers, in the listener's
 * own error shape. {@code Content-Length} and {@code Connection} are set by the transport.
 */
public record TimeoutAnswer(Map<String, List<String>> headers, byte[] body) {

    public TimeoutAnswer {
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        Objects.requireNonNull(body, "body");
    }
}
