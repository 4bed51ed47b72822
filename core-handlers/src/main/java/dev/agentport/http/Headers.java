package dev.agentport.http;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * HTTP headers: names compared case-insensitively, each name with one or more values, in the order they were added.
 * Immutable; build one with {@link #builder()}.
 *
 * <p>Every request and response goes through here, so a lookup allocates nothing: the few names of a usual message
 * are scanned with {@link String#equalsIgnoreCase}; past {@value #SCAN_LIMIT} names an index by lower-case name
 * keeps a message with very many headers linear.
 */
public final class Headers {

    static final int SCAN_LIMIT = 12;
    private static final Headers EMPTY = new Headers(new Entry[0]);

    /** In insertion order; each keeps the name as first spelled and an unmodifiable list of values. */
    private final Entry[] entries;
    private final Map<String, Integer> index;

    /** In a builder, {@code values} is an {@link ArrayList} the builder owns once a second value was added. */
    private record Entry(String name, List<String> values) {
    }

    private Headers(Entry[] entries) {
        this.entries = entries;
        this.index = entries.length > SCAN_LIMIT ? indexOf(entries) : null;
    }

    private static Map<String, Integer> indexOf(Entry[] entries) {
        Map<String, Integer> index = new HashMap<>(entries.length * 2);
        for (int i = 0; i < entries.length; i++) {
            index.put(key(entries[i].name), i);
        }
        return index;
    }

    public static Headers empty() {
        return EMPTY;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The first value of the header, if present. */
    public Optional<String> first(String name) {
        return Optional.ofNullable(firstOrNull(name));
    }

    /** The first value of the header, or {@code null}. */
    public String firstOrNull(String name) {
        int at = find(name);
        return at < 0 ? null : entries[at].values.get(0);
    }

    /** Every value of the header, in order; empty when absent. */
    public List<String> all(String name) {
        int at = find(name);
        return at < 0 ? List.of() : entries[at].values;
    }

    public boolean contains(String name) {
        return find(name) >= 0;
    }

    public boolean isEmpty() {
        return entries.length == 0;
    }

    public int size() {
        return entries.length;
    }

    /** Names as first spelled, in insertion order. */
    public List<String> names() {
        List<String> names = new ArrayList<>(entries.length);
        for (Entry entry : entries) {
            names.add(entry.name);
        }
        return names;
    }

    /** Calls {@code action} once per header name with all its values. */
    public void forEach(BiConsumer<String, List<String>> action) {
        for (Entry entry : entries) {
            action.accept(entry.name, entry.values);
        }
    }

    /** These headers with {@code name} set to the one {@code value}, in place or last: one array copied, no builder. */
    public Headers with(String name, String value) {
        int at = find(name);
        Entry[] copy = Arrays.copyOf(entries, at < 0 ? entries.length + 1 : entries.length);
        copy[at < 0 ? entries.length : at] = new Entry(name, List.of(value));
        return new Headers(copy);
    }

    /** A builder holding these headers; the values lists are shared, as both sides keep them unmodified. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        for (Entry entry : entries) {
            builder.append(entry);
        }
        return builder;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Headers{");
        forEach((name, values) -> sb.append(name).append('=').append(values).append(", "));
        return sb.append('}').toString();
    }

    private int find(String name) {
        if (index != null) {
            Integer at = index.get(key(name));
            return at == null ? -1 : at;
        }
        return scan(Arrays.asList(entries), name);
    }

    private static int scan(List<Entry> entries, String name) {
        int length = name.length();
        for (int i = 0; i < entries.size(); i++) {
            String candidate = entries.get(i).name;
            // most names differ in length: that test is a field read, equalsIgnoreCase a call
            if (candidate.length() == length && candidate.equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    /** Collects headers; {@link #add} appends a value, {@link #set} replaces all values of a name. */
    public static final class Builder {
        private final ArrayList<Entry> entries = new ArrayList<>();
        /** Lower-case name to position, kept once there are more than {@value Headers#SCAN_LIMIT} names. */
        private Map<String, Integer> index;

        private Builder() {
        }

        public Builder add(String name, String value) {
            int at = find(name);
            if (at < 0) {
                append(new Entry(name, List.of(value)));
            } else if (entries.get(at).values instanceof ArrayList<String> own) {
                own.add(value);
            } else {
                Entry entry = entries.get(at);
                ArrayList<String> own = new ArrayList<>(entry.values.size() + 1);
                own.addAll(entry.values);
                own.add(value);
                entries.set(at, new Entry(entry.name, own));
            }
            return this;
        }

        public Builder set(String name, String value) {
            int at = find(name);
            if (at < 0) {
                append(new Entry(name, List.of(value)));
            } else {
                entries.set(at, new Entry(name, List.of(value)));
            }
            return this;
        }

        public Builder remove(String name) {
            int at = find(name);
            if (at >= 0) {
                entries.remove(at);
                reindex();
            }
            return this;
        }

        public boolean contains(String name) {
            return find(name) >= 0;
        }

        public Headers build() {
            if (entries.isEmpty()) {
                return EMPTY;
            }
            Entry[] built = entries.toArray(Entry[]::new);
            for (int i = 0; i < built.length; i++) {
                if (built[i].values instanceof ArrayList<String> own) {
                    built[i] = new Entry(built[i].name, List.copyOf(own));
                }
            }
            return new Headers(built);
        }

        private void append(Entry entry) {
            entries.add(entry);
            if (index != null) {
                index.put(key(entry.name), entries.size() - 1);
            } else if (entries.size() > SCAN_LIMIT) {
                reindex();
            }
        }

        private void reindex() {
            index = entries.size() > SCAN_LIMIT ? indexOf(entries.toArray(Entry[]::new)) : null;
        }

        private int find(String name) {
            if (index != null) {
                Integer at = index.get(key(name));
                return at == null ? -1 : at;
            }
            return scan(entries, name);
        }
    }
}
