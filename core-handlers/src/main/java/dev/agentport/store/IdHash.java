package dev.agentport.store;

import dev.agentport.base.IdBytes;

/**
 * How the in-memory stores' tables hash an id: spread by the table's own random seed, so that a client choosing ids
 * cannot know which share a bucket ({@link String#hashCode} is unseeded, and these tables have no trees for a bucket of
 * collisions, as {@code HashMap} has).
 */
final class IdHash {

    private final long seed;

    IdHash() {
        this(IdBytes.nonZeroLong());
    }

    /** With a fixed seed: a test replays a run. */
    IdHash(long seed) {
        this.seed = seed;
    }

    /** An id kept as {@link PackedId}'s two longs. */
    int of(long high, long low) {
        return (int) mix(mix(high ^ seed) ^ low);
    }

    /**
     * An id kept as {@link PackedId#form}'s prefix and two longs; prefix 0 as {@link #of(long, long)}. Another prefix
     * mixes with a seed of its own: no one can choose two ids, one with the prefix and one without, that hash alike.
     */
    int of(int prefix, long high, long low) {
        return prefix == 0 ? of(high, low) : (int) mix(mix(high ^ mix(seed + prefix)) ^ low);
    }

    /** An id kept as its text; four characters a step. */
    int of(String id) {
        long hash = seed ^ id.length();
        int length = id.length();
        int i = 0;
        for (; i + 4 <= length; i += 4) {
            long chars = id.charAt(i) | (long) id.charAt(i + 1) << 16 | (long) id.charAt(i + 2) << 32
                    | (long) id.charAt(i + 3) << 48;
            hash = (hash ^ chars) * 0x9E3779B97F4A7C15L;
            hash ^= hash >>> 29;
        }
        for (; i < length; i++) {
            hash = (hash ^ id.charAt(i)) * 0x9E3779B97F4A7C15L;
            hash ^= hash >>> 29;
        }
        return (int) mix(hash);
    }

    /** SplitMix64's finalizer, which spreads each bit of {@code bits} over the whole result. */
    private static long mix(long bits) {
        bits = (bits ^ (bits >>> 30)) * 0xBF58476D1CE4E5B9L;
        bits = (bits ^ (bits >>> 27)) * 0x94D049BB133111EBL;
        return bits ^ (bits >>> 31);
    }
}
