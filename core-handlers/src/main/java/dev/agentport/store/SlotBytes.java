package dev.agentport.store;

import java.util.Arrays;

/**
 * Bytes kept by slot ({@link ExpiringLruSlots}' numbers): in the slot's room of {@code room} bytes of one large array
 * when they fit, else in an array of their own. A store that keeps thousands of short values so has no object per value
 * for the collector to copy: the large array lives in the old generation and holds no references. What a room held past
 * its value's length is zero: a shorter value written over a longer one, and a cleared slot, leave no byte of the
 * value before. Not synchronized: the store's lock guards it.
 */
public final class SlotBytes {

    private final int room;
    private byte[] rooms = new byte[0];
    /** A slot's value when it does not fit its room, else null; never written once kept. */
    private byte[][] own = new byte[0][];
    private int[] lengths = new int[0];

    /** @param room the bytes of each slot's room */
    public SlotBytes(int room) {
        if (room <= 0) {
            throw new IllegalArgumentException("room " + room + " is not positive");
        }
        this.room = room;
    }

    /** The most slots the rooms can have: one array holds them all. */
    public int maxSlots() {
        return Integer.MAX_VALUE / room;
    }

    /**
     * Makes room for slots below {@code slots}, at most {@link #maxSlots()}; all or nothing: the copies are kept only
     * once every one is made. A store grows its own arrays first and this last.
     */
    public void grow(int slots) {
        if (slots <= lengths.length) {
            return;
        }
        byte[] moreRooms = Arrays.copyOf(rooms, Math.multiplyExact(slots, room));
        byte[][] moreOwn = Arrays.copyOf(own, slots);
        int[] moreLengths = Arrays.copyOf(lengths, slots);
        rooms = moreRooms;
        own = moreOwn;
        lengths = moreLengths;
    }

    /**
     * Makes {@code slot}'s value {@code length} bytes, to be written at once into {@link #array} from {@link #offset}:
     * its room, or a new array of its own when it is longer. What the slot held before is let go of.
     */
    public void reserve(int slot, int length) {
        int was = lengths[slot];
        if (length <= room) {
            if (own[slot] == null && was > length) {
                Arrays.fill(rooms, slot * room + length, slot * room + was, (byte) 0);
            }
            own[slot] = null;
        } else {
            if (own[slot] == null) {
                Arrays.fill(rooms, slot * room, slot * room + was, (byte) 0);
            }
            own[slot] = new byte[length];
        }
        lengths[slot] = length;
    }

    /**
     * Keeps {@code value} as {@code slot}'s: copied into its room, or, when longer, the array itself, which the caller
     * must not change.
     */
    public void keep(int slot, byte[] value) {
        if (value.length <= room) {
            reserve(slot, value.length);
            System.arraycopy(value, 0, rooms, slot * room, value.length);
        } else {
            reserve(slot, 0);
            own[slot] = value;
            lengths[slot] = value.length;
        }
    }

    /** The array {@code slot}'s value is in, from {@link #offset}, {@link #length} bytes. */
    public byte[] array(int slot) {
        return own[slot] != null ? own[slot] : rooms;
    }

    public int offset(int slot) {
        return own[slot] != null ? 0 : slot * room;
    }

    public int length(int slot) {
        return lengths[slot];
    }

    /** Whether {@code slot}'s value is in its room. */
    public boolean inRoom(int slot) {
        return own[slot] == null;
    }

    /**
     * {@code slot}'s value as an array the caller may keep after the lock is let go: a copy of its room, or its own
     * array, which is never written again.
     */
    public byte[] value(int slot) {
        return own[slot] != null ? own[slot] : Arrays.copyOfRange(rooms, slot * room, slot * room + lengths[slot]);
    }

    /** Lets go of {@code slot}'s value: its own array, or its room's bytes, zeroed so that no value outlives it. */
    public void clear(int slot) {
        if (own[slot] == null) {
            Arrays.fill(rooms, slot * room, slot * room + lengths[slot], (byte) 0);
        }
        own[slot] = null;
        lengths[slot] = 0;
    }
}
