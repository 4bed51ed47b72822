package dev.agentport.store;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.IntConsumer;

/**
 * What an in-memory store keeps by id, as numbered slots: at most {@code capacity} ids, the least recently used going
 * first, each with an end of life after which it is gone; the store keeps what belongs to an id in arrays of its own
 * at the id's slot. Ids, ends of life, the recency links and the hash index are all arrays of longs and ints (an id
 * that {@link PackedId#form packs} is two longs and its prefix's number; any other id is its text), so what is kept is a few large arrays, not an
 * object per entry: the collector does not copy them in young collections (an array of primitives in the old
 * generation is never scanned, and a write into it is no old-to-young reference), however many entries come and go.
 * {@link ExpiringLruMap} is the same with an object per entry, for stores whose entries are objects anyway.
 *
 * <p>A slot stays its id's until the id is removed, expires on a read or is evicted; then {@code freed} is told its
 * number (the store drops what it kept there) and a later id may get it. The arrays grow with the number of live ids,
 * up to the capacity; {@code growing} is told the new number of slots first, so that the store grows its own arrays
 * before any slot past them is handed out. A growth is all or nothing: if {@code growing} or a copy throws (an
 * {@link OutOfMemoryError}), the put that needed it throws with nothing changed. Not synchronized: a store calls it
 * with its own lock held. Times are nanoseconds since the epoch ({@link EpochNanos}).
 */
public final class ExpiringLruSlots {

    /** No slot: the id is not kept, or nothing can be. */
    public static final int NONE = -1;
    /** The largest capacity: the index has up to twice as many cells as slots, and an array fewer than 2^31. */
    public static final int MAX_CAPACITY = 1 << 29;
    private static final int INITIAL_SLOTS = 64;

    private final int capacity;
    private final IntConsumer growing;
    private final IntConsumer freed;
    private final IdHash hashes;
    /** A packed id as {@link PackedId#form} leaves it; copied out at once. */
    private final long[] bits = new long[2];
    /**
     * The id read last, as {@link #read} read it: a store looks up a new id and then puts it, with the same string, so
     * that the put reads it again from these fields rather than from its text.
     */
    private String readId;
    private int readForm;
    private long readHigh;
    private long readLow;
    private int readHash;

    // by slot
    private long[] high = new long[0];
    private long[] low = new long[0];
    /** The number of the id's {@link PackedId#form prefix} when it is kept as the two longs. */
    private byte[] prefix = new byte[0];
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
     * @param capacity at most this many ids are kept; with 0, none; at most {@link #MAX_CAPACITY}
     * @param growing  told the new number of slots before a slot at or past the old number is handed out
     * @param freed    told the number of a slot whose id is gone, before the slot is given to another id
     * @throws IllegalArgumentException for a capacity above {@link #MAX_CAPACITY}
     */
    public ExpiringLruSlots(int capacity, IntConsumer growing, IntConsumer freed) {
        this(capacity, growing, freed, new IdHash());
    }

    /** With the given hashes: a test replays a run with a fixed seed. */
    ExpiringLruSlots(int capacity, IntConsumer growing, IntConsumer freed, IdHash hashes) {
        if (capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("capacity " + capacity + " is above " + MAX_CAPACITY);
        }
        this.capacity = Math.max(0, capacity);
        this.growing = Objects.requireNonNull(growing, "growing");
        this.freed = Objects.requireNonNull(freed, "freed");
        this.hashes = hashes;
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
        // the id as kept, read before `freed` runs: code outside may call these slots again
        read(Objects.requireNonNull(id, "id"));
        boolean packs = readForm != PackedId.TEXT;
        String idText = packs ? null : id;
        byte idPrefix = (byte) (packs ? readForm : 0);
        long idHigh = readHigh;
        long idLow = readLow;
        int idHash = readHash;
        int old = find(idText, idPrefix, idHigh, idLow, idHash);
        if (old >= 0) {
            free(index[old] - 1, old);
        }
        if (capacity == 0) {
            return NONE;
        }
        if (size >= capacity) {
            free(oldest, cellOf(oldest));
        }
        int slot = take();
        text[slot] = idText;
        prefix[slot] = idPrefix;
        high[slot] = idHigh;
        low[slot] = idLow;
        hash[slot] = idHash;
        this.expiresAt[slot] = expiresAt;
        insert(index, slot + 1, idHash);
        linkNewest(slot);
        size++;
        return slot;
    }

    /** Frees {@code id}'s slot; whether the id was live at {@code now}. */
    public boolean remove(String id, long now) {
        int cell = find(id);
        if (cell < 0) {
            return false;
        }
        int slot = index[cell] - 1;
        boolean live = expiresAt[slot] > now;
        free(slot, cell);
        return live;
    }

    public String id(int slot) {
        return text[slot] != null ? text[slot] : PackedId.text(prefix[slot], high[slot], low[slot]);
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

    /** How many slots there are now, as {@code growing} was last told: every slot handed out is below it. */
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

    /** The cell of {@code id}'s slot in the index, or -1; nothing is kept under null. */
    private int find(String id) {
        if (id == null) {
            return -1;
        }
        read(id);
        return readForm != PackedId.TEXT ? find(null, (byte) readForm, readHigh, readLow, readHash)
                : find(id, (byte) 0, 0, 0, readHash);
    }

    /** Reads {@code id} into the {@code read*} fields, unless they hold it already (the same string: immutable). */
    private void read(String id) {
        if (id == readId) {
            return;
        }
        int form = PackedId.form(id, bits);
        readForm = form;
        readHigh = form != PackedId.TEXT ? bits[0] : 0;
        readLow = form != PackedId.TEXT ? bits[1] : 0;
        readHash = form != PackedId.TEXT ? hashes.of(form, readHigh, readLow) : hashes.of(id);
        readId = id;
    }

    /**
     * The cell of the slot of the id kept as {@code idText}, or as {@code idPrefix}, {@code idHigh} and {@code idLow}
     * when null.
     */
    private int find(String idText, byte idPrefix, long idHigh, long idLow, int idHash) {
        for (int cell = idHash & (index.length - 1); index[cell] != 0; cell = (cell + 1) & (index.length - 1)) {
            int slot = index[cell] - 1;
            if (hash[slot] == idHash && (idText == null ? text[slot] == null && high[slot] == idHigh
                    && low[slot] == idLow && prefix[slot] == idPrefix : idText.equals(text[slot]))) {
                return cell;
            }
        }
        return -1;
    }

    /** Puts {@code entry} (a slot's number plus one) in the first empty cell of {@code cells} from its hash's on. */
    private static void insert(int[] cells, int entry, int hash) {
        int cell = hash & (cells.length - 1);
        while (cells[cell] != 0) {
            cell = (cell + 1) & (cells.length - 1);
        }
        cells[cell] = entry;
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
            // only when `put` freed nothing, so that a growth that throws leaves the slots as they were
            grow((int) Math.min(capacity, Math.max(INITIAL_SLOTS, 2L * high.length)));
        }
        return used++;
    }

    /** Copies every array first and tells {@code growing}, then keeps the copies: all or nothing. */
    private void grow(int slots) {
        long[] moreHigh = Arrays.copyOf(high, slots);
        long[] moreLow = Arrays.copyOf(low, slots);
        byte[] morePrefix = Arrays.copyOf(prefix, slots);
        String[] moreText = Arrays.copyOf(text, slots);
        int[] moreHash = Arrays.copyOf(hash, slots);
        long[] moreExpiresAt = Arrays.copyOf(expiresAt, slots);
        int[] moreOlder = Arrays.copyOf(older, slots);
        int[] moreNewer = Arrays.copyOf(newer, slots);
        int[] moreIndex = index;
        // at most half full; at MAX_CAPACITY slots, 2^30 cells
        int cells = Integer.highestOneBit(Math.max(16, slots * 2 - 1)) << 1;
        if (cells > index.length) {
            moreIndex = new int[cells];
            for (int entry : index) {
                if (entry != 0) {
                    insert(moreIndex, entry, hash[entry - 1]);
                }
            }
        }
        growing.accept(slots);
        high = moreHigh;
        low = moreLow;
        prefix = morePrefix;
        text = moreText;
        hash = moreHash;
        expiresAt = moreExpiresAt;
        older = moreOlder;
        newer = moreNewer;
        index = moreIndex;
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
