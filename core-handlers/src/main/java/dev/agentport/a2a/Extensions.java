package dev.agentport.a2a;

import dev.agentport.http.HttpRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Extension activation: the URIs a request lists in {@code A2A-Extensions} (or the older {@code X-A2A-Extensions}),
 * comma-separated, that this server supports. Unsupported URIs are ignored; the activated ones are echoed in the
 * response's {@code A2A-Extensions}.
 */
public final class Extensions {

    public static final String HEADER = "A2A-Extensions";
    public static final String OLD_HEADER = "X-A2A-Extensions";

    private Extensions() {
    }

    public static List<String> activated(HttpRequest request, Set<String> supported) {
        List<String> activated = new ArrayList<>();
        List<String> values = new ArrayList<>(request.headers().all(HEADER));
        values.addAll(request.headers().all(OLD_HEADER));
        for (String value : values) {
            for (String uri : value.split(",")) {
                String trimmed = uri.strip();
                if (supported.contains(trimmed) && !activated.contains(trimmed)) {
                    activated.add(trimmed);
                }
            }
        }
        return activated;
    }
}
