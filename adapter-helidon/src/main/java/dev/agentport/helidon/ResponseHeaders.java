package dev.agentport.helidon;

import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Helidon's name for each response header name the core sends: resolved once, not on every response (a name Helidon
 * does not know is otherwise lower-cased into a new object every time). Response header names come from the server's
 * own code, so the set is small; it stops growing at {@value #MAX_NAMES} all the same.
 */
final class HeaderNameCache {

    static final int MAX_NAMES = 256;
    private static final ConcurrentHashMap<String, HeaderName> NAMES = new ConcurrentHashMap<>();

    private HeaderNameCache() {
    }

    static HeaderName of(String name) {
        HeaderName cached = NAMES.get(name);
        if (cached != null) {
            return cached;
        }
        HeaderName created = HeaderNames.create(name);
        if (NAMES.size() < MAX_NAMES) {
            NAMES.putIfAbsent(name, created);
        }
        return created;
    }
}
