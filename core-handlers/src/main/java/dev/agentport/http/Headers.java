package dev.agentport.http;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * HTTP headers: names compared case-insensitively, each name with one or more values, in the order they were added.
 * Immutable; build one with {@link #builder()}.
 */
public final class Headers {

    private static final Headers EMPTY = new Headers(Map.of());

    /** Keyed by lower-case name; each entry keeps the name as first spelled. */
    private final Map<String, Entry> entries;

    private record Entry(String name, List<String> values) {
    }

    private Headers(Map<String, Entry> entries) {
        this.entries = entries;
    }

    public static Headers empty() {
        return EMPTY;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The first value of the header, if present. */
    public Optional<String> first(String name) {
        Entry entry = entries.get(key(name));
        return entry == null ? Optional.empty() : Optional.of(entry.values.get(0));
    }

    /** The first value of the header, or {@code null}. */
    public String firstOrNull(String name) {
        Entry entry = entries.get(key(name));
        return entry == null ? null : entry.values.get(0);
    }

    /** Every value of the header, in order; empty when absent. */
    public List<String> all(String name) {
        Entry entry = entries.get(key(name));
        return entry == null ? List.of() : entry.values;
    }

    public boolean contains(String name) {
        return entries.containsKey(key(name));
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    public int size() {
        return entries.size();
    }

    /** Names as first spelled, in insertion order. */
    public List<String> names() {
        List<String> names = new ArrayList<>(entries.size());
        for (Entry entry : entries.values()) {
            names.add(entry.name);
        }
        return names;
    }

    /** Calls {@code action} once per header name with all its values. */
    public void forEach(BiConsumer<String, List<String>> action) {
        for (Entry entry : entries.values()) {
            action.accept(entry.name, entry.values);
        }
    }

    /** A builder holding a copy of these headers. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        forEach((name, values) -> values.forEach(v -> builder.add(name, v)));
        return builder;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Headers{");
        forEach((name, values) -> sb.append(name).append('=').append(values).append(", "));
        return sb.append('}').toString();
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    /** Collects headers; {@link #add} appends a value, {@link #set} replaces all values of a name. */
    public static final class Builder {
        private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>();

        private Builder() {
        }

        public Builder add(String name, String value) {
            Entry entry = entries.get(key(name));
            if (entry == null) {
                List<String> values = new ArrayList<>(1);
                values.add(value);
                entries.put(key(name), new Entry(name, values));
            } else {
                entry.values.add(value);
            }
            return this;
        }

        public Builder set(String name, String value) {
            List<String> values = new ArrayList<>(1);
            values.add(value);
            entries.put(key(name), new Entry(name, values));
            return this;
        }

        public Builder remove(String name) {
            entries.remove(key(name));
            return this;
        }

        public boolean contains(String name) {
            return entries.containsKey(key(name));
        }

        public Headers build() {
            if (entries.isEmpty()) {
                return EMPTY;
            }
            LinkedHashMap<String, Entry> copy = new LinkedHashMap<>(entries.size() * 2);
            entries.forEach((k, e) -> copy.put(k, new Entry(e.name, List.copyOf(e.values))));
            return new Headers(Collections.unmodifiableMap(copy));
        }
    }
}
