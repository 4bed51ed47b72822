package dev.agentport.store;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * What an in-memory store keeps, by id: at most {@code capacity} entries, the least recently used going first, each
 * with an end of life after which it is gone. A store's holder is the map's entry: it extends {@link Entry}, which
 * carries its id, its end of life and the map's links (its bucket's chain and the recency list), so a kept entry is
 * one object, not the holder beside a map entry and the id's text (the collector copies every kept object for as long
 * as it is kept). An id that {@link PackedId packs} is kept as two longs.
 *
 * <p>Not synchronized: a store calls it with its own lock held, and reads and writes its entries under that lock.
 * Times are nanoseconds since the epoch ({@link EpochNanos}). For entries made and dropped at the request rate,
 * {@link ExpiringLruSlots} keeps the same rules in arrays, with no object per entry.
 *
 * @param <E> the store's holder
 */
public final class ExpiringLruMap<E extends ExpiringLruMap.Entry> implements Iterable<E> {

    /** A store's holder; it is kept in one map at a time, under one id, until it is removed or evicted. */
    public abstract static class Entry {
        /** The id: its text, or null when it is kept as the two longs. */
        private String idText;
        private long idHigh;
        private long idLow;
        /** The id's hash, kept so that eviction and growth need not hash the id again. */
        private int hash;
        private long expiresAt;
        /** The next entry in this one's bucket. */
        private Entry chained;
        private Entry older;
        private Entry newer;

        public final String id() {
            return idText != null ? idText : PackedId.text(idHigh, idLow);
        }

        /** Nanoseconds since the epoch. */
        public final long expiresAt() {
            return expiresAt;
        }

        public final void expiresAt(long epochNanos) {
            this.expiresAt = epochNanos;
        }

        /** Whether the end of life is at or before {@code now}. */
        public final boolean expired(long now) {
            return expiresAt <= now;
        }
    }

    private final int capacity;
    private final IdHash hashes = new IdHash();
    /** A packed id as read by a lookup: the map is used under its store's lock, so one serves every call. */
    private final long[] bits = new long[2];
    private Entry[] buckets = new Entry[16];
    private int size;
    private Entry oldest;
    private Entry newest;

    /** @param capacity at most this many entries are kept; with 0, none */
    public ExpiringLruMap(int capacity) {
        this.capacity = Math.max(0, capacity);
    }

    /** The live entry of {@code id}, now the most recently used; an expired one is removed and not returned. */
    public E get(String id, long now) {
        Entry entry = find(id);
        if (entry == null) {
            return null;
        }
        if (entry.expired(now)) {
            unlink(entry);
            return null;
        }
        unlinkRecency(entry);
        linkNewest(entry);
        return cast(entry);
    }

    /**
     * Keeps {@code kept} as {@code id}'s, the most recently used, in place of any entry the id had; then, past the
     * capacity, removes the least recently used.
     */
    public void put(String id, E kept) {
        Entry entry = kept; // its fields are reachable through the class, not through the type variable
        if (entry.older != null || entry.newer != null || newest == entry) {
            // its links and bucket are this map's bookkeeping: a kept entry is updated in place, never put again
            throw new IllegalStateException("the entry is kept already");
        }
        boolean packs = PackedId.read(Objects.requireNonNull(id, "id"), bits);
        entry.idText = packs ? null : id;
        entry.idHigh = packs ? bits[0] : 0;
        entry.idLow = packs ? bits[1] : 0;
        entry.hash = packs ? hashes.of(entry.idHigh, entry.idLow) : hashes.of(id);
        Entry old = find(entry.idText, entry.idHigh, entry.idLow, entry.hash);
        if (old != null) {
            unlink(old);
        }
        if (size >= buckets.length - (buckets.length >> 2)) {
            grow();
        }
        int bucket = index(entry.hash);
        entry.chained = buckets[bucket];
        buckets[bucket] = entry;
        linkNewest(entry);
        size++;
        while (size > capacity) {
            unlink(oldest);
        }
    }

    /** Removes {@code id}'s entry, and returns it if it was live at {@code now}. */
    public E remove(String id, long now) {
        Entry entry = find(id);
        if (entry == null) {
            return null;
        }
        unlink(entry);
        return entry.expired(now) ? null : cast(entry);
    }

    public int size() {
        return size;
    }

    /** The entries, least recently used first, expired ones too; the map must not change while they are read. */
    @Override
    public Iterator<E> iterator() {
        return new Iterator<>() {
            private Entry next = oldest;

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public E next() {
                if (next == null) {
                    throw new NoSuchElementException();
                }
                Entry entry = next;
                next = entry.newer;
                return cast(entry);
            }
        };
    }

    /** Nothing is kept under null: {@link #put} refuses it. */
    private Entry find(String id) {
        if (id == null) {
            return null;
        }
        if (PackedId.read(id, bits)) {
            return find(null, bits[0], bits[1], hashes.of(bits[0], bits[1]));
        }
        return find(id, 0, 0, hashes.of(id));
    }

    /** @param text the id's text, or null for an id kept as {@code high} and {@code low} */
    private Entry find(String text, long high, long low, int hash) {
        for (Entry entry = buckets[index(hash)]; entry != null; entry = entry.chained) {
            if (entry.hash == hash && (text == null ? entry.idText == null && entry.idHigh == high
                    && entry.idLow == low : text.equals(entry.idText))) {
                return entry;
            }
        }
        return null;
    }

    private void unlink(Entry entry) {
        int bucket = index(entry.hash);
        if (buckets[bucket] == entry) {
            buckets[bucket] = entry.chained;
        } else {
            Entry before = buckets[bucket];
            while (before.chained != entry) {
                before = before.chained;
            }
            before.chained = entry.chained;
        }
        entry.chained = null;
        unlinkRecency(entry);
        size--;
    }

    private void linkNewest(Entry entry) {
        entry.older = newest;
        entry.newer = null;
        if (newest == null) {
            oldest = entry;
        } else {
            newest.newer = entry;
        }
        newest = entry;
    }

    private void unlinkRecency(Entry entry) {
        if (entry.older == null) {
            oldest = entry.newer;
        } else {
            entry.older.newer = entry.newer;
        }
        if (entry.newer == null) {
            newest = entry.older;
        } else {
            entry.newer.older = entry.older;
        }
        entry.older = null;
        entry.newer = null;
    }

    private void grow() {
        Entry[] old = buckets;
        buckets = new Entry[old.length * 2];
        for (Entry first : old) {
            Entry entry = first;
            while (entry != null) {
                Entry next = entry.chained;
                int bucket = index(entry.hash);
                entry.chained = buckets[bucket];
                buckets[bucket] = entry;
                entry = next;
            }
        }
    }

    private int index(int hash) {
        return hash & (buckets.length - 1);
    }

    @SuppressWarnings("unchecked")
    private E cast(Entry entry) {
        return (E) entry;
    }
}
