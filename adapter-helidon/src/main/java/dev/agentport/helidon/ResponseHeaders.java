package dev.agentport.helidon;

import io.helidon.http.Header;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Helidon's header for each response header the core sends. A name is resolved once, not on every response (a name
 * Helidon does not know is otherwise lower-cased into a new object every time). The header last made for a name is
 * kept with its bytes ready to write, and given again while the value stays the same: the few values that never change
 * (the content type, the contract version) cost no new header per response. Response header names come from the
 * server's own code, so the set is small; it stops growing at {@value #MAX_NAMES} all the same.
 */
final class ResponseHeaders {

    static final int MAX_NAMES = 256;
    private static final ConcurrentHashMap<String, Slot> SLOTS = new ConcurrentHashMap<>();

    /**
     * One name's Helidon name and its last header. {@code last} is read and written without a lock: a header is
     * immutable, so a thread sees either some complete header or none, and then makes one.
     */
    private static final class Slot {
        private final HeaderName name;
        private Header last;

        private Slot(HeaderName name) {
            this.name = name;
        }
    }

    private ResponseHeaders() {
    }

    /** The header {@code name: value}. */
    static Header of(String name, String value) {
        Slot slot = slot(name);
        Header last = slot.last;
        if (last != null && last.get().equals(value)) {
            return last;
        }
        Header made = HeaderValues.createCached(slot.name, value);
        slot.last = made;
        return made;
    }

    /** The header {@code name} with several values, in order. */
    static Header of(String name, List<String> values) {
        return HeaderValues.create(slot(name).name, values);
    }

    static HeaderName name(String name) {
        return slot(name).name;
    }

    private static Slot slot(String name) {
        Slot cached = SLOTS.get(name);
        if (cached != null) {
            return cached;
        }
        Slot created = new Slot(HeaderNames.create(name));
        if (SLOTS.size() < MAX_NAMES) {
            SLOTS.putIfAbsent(name, created);
        }
        return created;
    }
}
