package dev.agentport.store;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.IntConsumer;

/**
 * What an in-memory store keeps by id, as numbered slots: at most {@code capacity} ids, the least recently used going
 * first, each with an end of life after which it is gone; the store keeps what belongs to an id in arrays of its own
 * at the id's slot. Ids, ends of life, the recency links and the hash index are all arrays of longs and ints (an id
 * that {@link PackedId packs} is two longs; any other id is its text), so what is kept is a few large arrays, not an
 * object per entry: the collector does not copy them in young collections (an array of primitives in the old
 * generation is never scanned, and a write into it is no old-to-young reference), however many entries come and go.
 * {@link ExpiringLruMap} is the same with an object per entry, for stores whose entries are objects anyway.
 *
 * <p>A slot stays its id's until the id is removed, expires on a read or is evicted; then {@code freed} is told its
 * number (the store drops what it kept there) and a later id may get it. The arrays grow with the number of live ids,
 * up to the capacity. Not synchronized: a store calls it with its own lock held. Times are nanoseconds since the epoch
 * ({@link EpochNanos}).
 */
public final class ExpiringLruSlots {

    /** No slot: the id is not kept, or nothing can be. */
    public static final int NONE = -1;
    private static final int INITIAL_SLOTS = 64;

    private final int capacity;
    private final IntConsumer freed;
    private final IdHash hashes = new IdHash();
    // the id a call read last (the slots are used under their store's lock, so these serve every call): whether it
    // packs, its two longs if so, its hash
    private boolean packs;
    private final long[] bits = new long[2];
    private int wanted;

    // by slot
    private long[] high = new long[0];
    private long[] low = new long[0];
    /** The id's text, or null when it is kept as the two longs. */
    private String[] text = new String[0];
    private int[] hash = new int[0];
    private long[] expiresAt = new long[0];
    /** The recency list; a free slot's {@code newer} is the next free slot. */
    private int[] older = new int[0];
    private int[] newer = new int[0];

    /** Open addressing with linear probing: a slot's number plus one, or 0 for an empty cell. */
    private int[] index = new int[16];
    private int used;
    private int free = NONE;
    private int size;
    private int oldest = NONE;
    private int newest = NONE;

    /**
     * @param capacity at most this many ids are kept; with 0, none
     * @param freed    told the number of a slot whose id is gone, before the slot is given to another id
     */
    public ExpiringLruSlots(int capacity, IntConsumer freed) {
        this.capacity = Math.max(0, capacity);
        this.freed = Objects.requireNonNull(freed, "freed");
    }

    /** The live slot of {@code id}, now the most recently used, or {@link #NONE}; an expired one is freed. */
    public int get(String id, long now) {
        int cell = find(id);
        if (cell < 0) {
            return NONE;
        }
        int slot = index[cell] - 1;
        if (expiresAt[slot] <= now) {
            free(slot, cell);
            return NONE;
        }
        unlinkRecency(slot);
        linkNewest(slot);
        return slot;
    }

    /**
     * A slot for {@code id}, the most recently used, ending its life at {@code expiresAt}; any slot the id had is freed
     * first, and at the capacity the least recently used id's. {@link #NONE} when the capacity is 0.
     */
    public int put(String id, long expiresAt) {
        int old = find(Objects.requireNonNull(id, "id"));
        if (old >= 0) {
            free(index[old] - 1, old);
        }
        if (capacity == 0) {
            return NONE;
        }
        if (size >= capacity) {
            free(oldest, cellOf(oldest));
        }
        int slot = take(); // `find` left the id as read in `packs`, `bits` and `wanted`
        text[slot] = packs ? null : id;
        high[slot] = packs ? bits[0] : 0;
        low[slot] = packs ? bits[1] : 0;
        hash[slot] = wanted;
        this.expiresAt[slot] = expiresAt;
        int cell = hash[slot] & (index.length - 1);
        while (index[cell] != 0) {
            cell = (cell + 1) & (index.length - 1);
        }
        index[cell] = slot + 1;
        linkNewest(slot);
        size++;
        return slot;
    }

    /** Frees {@code id}'s slot, and returns it if the id was live at {@code now} (its number is free already). */
    public int remove(String id, long now) {
        int cell = find(id);
        if (cell < 0) {
            return NONE;
        }
        int slot = index[cell] - 1;
        boolean live = expiresAt[slot] > now;
        free(slot, cell);
        return live ? slot : NONE;
    }

    public String id(int slot) {
        return text[slot] != null ? text[slot] : PackedId.text(high[slot], low[slot]);
    }

    /** Nanoseconds since the epoch. */
    public long expiresAt(int slot) {
        return expiresAt[slot];
    }

    public void expiresAt(int slot, long epochNanos) {
        expiresAt[slot] = epochNanos;
    }

    public int size() {
        return size;
    }

    /** How many slots there are now: every slot handed out is below it; a store sizes its own arrays by it. */
    public int slots() {
        return high.length;
    }

    /** The least recently used slot, or {@link #NONE}. */
    public int oldest() {
        return oldest;
    }

    /** The slot used next after {@code slot}, or {@link #NONE}. */
    public int newer(int slot) {
        return newer[slot];
    }

    /**
     * The cell of {@code id}'s slot in the index, or -1; nothing is kept under null. Leaves the id as read in
     * {@link #packs}, {@link #bits} and {@link #wanted}.
     */
    private int find(String id) {
        if (id == null) {
            return -1;
        }
        packs = PackedId.read(id, bits);
        wanted = packs ? hashes.of(bits[0], bits[1]) : hashes.of(id);
        for (int cell = wanted & (index.length - 1); index[cell] != 0; cell = (cell + 1) & (index.length - 1)) {
            int slot = index[cell] - 1;
            if (hash[slot] == wanted && (packs ? text[slot] == null && high[slot] == bits[0] && low[slot] == bits[1]
                    : id.equals(text[slot]))) {
                return cell;
            }
        }
        return -1;
    }

    private int cellOf(int slot) {
        int cell = hash[slot] & (index.length - 1);
        while (index[cell] != slot + 1) {
            cell = (cell + 1) & (index.length - 1);
        }
        return cell;
    }

    private void free(int slot, int cell) {
        unindex(cell);
        unlinkRecency(slot);
        text[slot] = null;
        newer[slot] = free;
        free = slot;
        size--;
        freed.accept(slot);
    }

    /** Empties {@code cell}, moving back the cells after it that would no longer be found past the gap. */
    private void unindex(int cell) {
        int mask = index.length - 1;
        int gap = cell;
        for (int next = (gap + 1) & mask; index[next] != 0; next = (next + 1) & mask) {
            int home = hash[index[next] - 1] & mask;
            boolean reachable = gap <= next ? gap < home && home <= next : gap < home || home <= next;
            if (!reachable) {
                index[gap] = index[next];
                gap = next;
            }
        }
        index[gap] = 0;
    }

    private int take() {
        if (free != NONE) {
            int slot = free;
            free = newer[slot];
            return slot;
        }
        if (used == high.length) {
            grow(Math.min(capacity, Math.max(INITIAL_SLOTS, 2 * high.length)));
        }
        return used++;
    }

    private void grow(int slots) {
        high = Arrays.copyOf(high, slots);
        low = Arrays.copyOf(low, slots);
        text = Arrays.copyOf(text, slots);
        hash = Arrays.copyOf(hash, slots);
        expiresAt = Arrays.copyOf(expiresAt, slots);
        older = Arrays.copyOf(older, slots);
        newer = Arrays.copyOf(newer, slots);
        int cells = Integer.highestOneBit(Math.max(16, slots * 2 - 1)) << 1; // at most half full
        if (cells > index.length) {
            int[] before = index;
            index = new int[cells];
            for (int entry : before) {
                if (entry != 0) {
                    int cell = hash[entry - 1] & (cells - 1);
                    while (index[cell] != 0) {
                        cell = (cell + 1) & (cells - 1);
                    }
                    index[cell] = entry;
                }
            }
        }
    }

    private void linkNewest(int slot) {
        older[slot] = newest;
        newer[slot] = NONE;
        if (newest == NONE) {
            oldest = slot;
        } else {
            newer[newest] = slot;
        }
        newest = slot;
    }

    private void unlinkRecency(int slot) {
        if (older[slot] == NONE) {
            oldest = newer[slot];
        } else {
            newer[older[slot]] = newer[slot];
        }
        if (newer[slot] == NONE) {
            newest = older[slot];
        } else {
            older[newer[slot]] = older[slot];
        }
    }
}
