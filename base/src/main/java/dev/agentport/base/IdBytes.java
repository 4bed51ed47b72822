package dev.agentport.base;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Unguessable ids, cut from blocks of the operating system's random bytes ({@link KernelRandom}): a block is drawn now
 * and then, not a draw per id, since each draw is a system call. The blocks are striped by thread, so threads on
 * different carriers seldom share one, and a slice is claimed with one atomic add.
 *
 * <p>The operating system's generator, not ThreadLocalRandom: Lambda SnapStart restores many instances from one
 * snapshot, and only a generator outside the process keeps its output unique per restored instance. Bytes already drawn sit in the snapshot, the same in
 * every instance: {@link #discard()} (called by the restore hook) throws them away, and a slice cut from a block of
 * an earlier generation is never handed out.
 */
public final class IdBytes {

    /** Bytes drawn at a time: a hundred requests' ids. */
    static final int BLOCK = 4096;

    private static final KernelRandom SOURCE = KernelRandom.open();
    private static final HexFormat HEX = HexFormat.of();
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    /** Four blocks a core: two threads running at once seldom share one. */
    private static final int STRIPES = Integer.highestOneBit(Math.max(1, Runtime.getRuntime().availableProcessors()))
            * 4;
    private static final AtomicReferenceArray<Block> BLOCKS = new AtomicReferenceArray<>(STRIPES);
    private static final AtomicInteger GENERATION = new AtomicInteger();

    /** Bytes never written once drawn; {@code next} is where the next slice starts. */
    private record Block(byte[] bytes, AtomicInteger next, int generation) {
    }

    private IdBytes() {
    }

    /**
     * {@code length} random bytes of their own (a secret key, say), at most 4,096: a slice no id is cut from.
     * Drawn without the JVM's security providers, whose set-up costs a start-up several milliseconds.
     *
     * @throws IllegalArgumentException for a length below zero or above 4,096
     */
    public static byte[] bytes(int length) {
        checkLength(length);
        return draw(length, (block, start) -> Arrays.copyOfRange(block, start, start + length));
    }

    /** {@code bytes} random bytes as lower-case hex, at most 4,096 ({@link IllegalArgumentException} otherwise). */
    public static String hex(int bytes) {
        checkLength(bytes);
        return draw(bytes, (block, start) -> HEX.formatHex(block, start, start + bytes));
    }

    /**
     * Two ids of {@code first} and {@code second} random bytes as lower-case hex, from one slice of at most 4,096 bytes
     * ({@link IllegalArgumentException} otherwise).
     */
    public static String[] hexPair(int first, int second) {
        checkLength(first);
        checkLength(second);
        checkLength(first + second);
        return draw(first + second, (block, start) -> new String[] {
                HEX.formatHex(block, start, start + first),
                HEX.formatHex(block, start + first, start + first + second)});
    }

    /** A random version-4 UUID, as {@link UUID#randomUUID()}{@code .toString()} writes it. */
    public static String uuid() {
        return draw(16, (block, start) -> {
            long high = (long) LONGS.get(block, start);
            long low = (long) LONGS.get(block, start + 8);
            // The bits UUID.randomUUID sets: version 4, IETF variant
            return new UUID((high & ~0xF000L) | 0x4000L, (low & ~(0xC0L << 56)) | (0x80L << 56)).toString();
        });
    }

    /** A random long other than zero (half of an OpenTelemetry id). */
    public static long nonZeroLong() {
        long value;
        do {
            value = draw(8, (block, start) -> (long) LONGS.get(block, start));
        } while (value == 0);
        return value;
    }

    /**
     * Throws away every byte drawn so far: call it when the process is restored from a snapshot, where they are the
     * same in every restored copy. Later ids come from new draws.
     */
    public static void discard() {
        GENERATION.incrementAndGet();
        for (int i = 0; i < STRIPES; i++) {
            BLOCKS.set(i, null);
        }
    }

    /** How many times {@link #discard()} was called: what a restore hook's test looks at. */
    public static int discards() {
        return GENERATION.get();
    }

    /** Bytes drawn and not handed out yet. */
    static int buffered() {
        int buffered = 0;
        for (int i = 0; i < STRIPES; i++) {
            Block block = BLOCKS.get(i);
            if (block != null && block.generation() == GENERATION.get()) {
                buffered += Math.max(0, block.bytes().length - block.next().get());
            }
        }
        return buffered;
    }

    /** A slice longer than a block would never fit one (drawing would loop for ever); one below zero would go back. */
    private static void checkLength(int length) {
        if (length < 0 || length > BLOCK) {
            throw new IllegalArgumentException("a slice of random bytes is 0 to " + BLOCK + " bytes long, not " + length);
        }
    }

    /** Reads an id from {@code length} bytes of {@code block} at {@code start}. */
    @FunctionalInterface
    private interface Reader<T> {
        T read(byte[] block, int start);
    }

    private static <T> T draw(int length, Reader<T> reader) {
        int stripe = stripe();
        while (true) {
            Block block = block(stripe);
            int start = block.next().getAndAdd(length);
            if (start + length > block.bytes().length) {
                BLOCKS.compareAndSet(stripe, block, null);
                continue;
            }
            T id = reader.read(block.bytes(), start);
            // A restore may have come while the slice was read: its bytes are then the snapshot's
            if (block.generation() == GENERATION.get()) {
                return id;
            }
        }
    }

    /** The stripe's block, drawn when there is none of this generation. */
    private static Block block(int stripe) {
        while (true) {
            Block block = BLOCKS.get(stripe);
            int generation = GENERATION.get();
            if (block != null && block.generation() == generation) {
                return block;
            }
            byte[] bytes = new byte[BLOCK];
            SOURCE.nextBytes(bytes);
            Block drawn = new Block(bytes, new AtomicInteger(), generation);
            if (BLOCKS.compareAndSet(stripe, block, drawn)) {
                return drawn;
            }
        }
    }

    /** The calling thread's stripe: virtual threads get new ids, so a thread's id is mixed, not taken as it is. */
    private static int stripe() {
        long id = Thread.currentThread().threadId() * 0x9E3779B97F4A7C15L;
        return (int) (id >>> 32) & (STRIPES - 1);
    }
}
