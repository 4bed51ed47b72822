package dev.agentport.helidon;

import io.helidon.http.Header;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Helidon's header for each response header the core sends. A name is resolved once, not on every response (a name
 * Helidon does not know is otherwise lower-cased into a new object every time). The header a name is first sent with
 * is kept with its bytes ready to write, and given again whenever that value comes back: the values that never change
 * (the content type, the contract version) cost no new header per response. Any other value (a session id) is made
 * anew and not kept, so a response writes nothing shared. Response header names come from the server's own code, so
 * the set is small; it stops growing at {@value #MAX_NAMES} all the same.
 */
final class ResponseHeaders {

    static final int MAX_NAMES = 256;
    private static final ConcurrentHashMap<String, Slot> SLOTS = new ConcurrentHashMap<>();

    /** One name's Helidon name and the header of the first value it was sent with. */
    private record Slot(HeaderName name, Header first) {

        static Slot of(String name, String firstValue) {
            HeaderName resolved = HeaderNames.create(name);
            return new Slot(resolved, HeaderValues.createCached(resolved, firstValue));
        }
    }

    private ResponseHeaders() {
    }

    /** The header {@code name: value}. */
    static Header of(String name, String value) {
        Slot slot = slot(name, value);
        return slot.first().get().equals(value) ? slot.first() : HeaderValues.create(slot.name(), value);
    }

    /** The header {@code name} with several values, in order. */
    static Header of(String name, List<String> values) {
        return HeaderValues.create(slot(name, values.get(0)).name(), values);
    }

    private static Slot slot(String name, String value) {
        Slot cached = SLOTS.get(name);
        if (cached != null) {
            return cached;
        }
        Slot created = Slot.of(name, value);
        if (SLOTS.size() < MAX_NAMES) {
            Slot raced = SLOTS.putIfAbsent(name, created);
            return raced != null ? raced : created;
        }
        return created;
    }
}
