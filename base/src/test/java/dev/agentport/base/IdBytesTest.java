package dev.agentport.base;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IdBytesTest {

    private static final Pattern UUID_TEXT =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");

    @Test
    void hexIdsAreLowerCaseHexOfTwiceTheirBytes() {
        for (int bytes : new int[] {1, 8, 16, 24}) {
            String id = IdBytes.hex(bytes);
            assertTrue(id.matches("[0-9a-f]{" + 2 * bytes + "}"), id);
        }
    }

    @Test
    void hexPairsAreTwoIdsOfTheirOwnLengthsAndNeverRepeat() throws InterruptedException {
        String[] pair = IdBytes.hexPair(16, 8);
        assertTrue(pair[0].matches("[0-9a-f]{32}"), pair[0]);
        assertTrue(pair[1].matches("[0-9a-f]{16}"), pair[1]);
        assertDistinct(() -> String.join("", IdBytes.hexPair(16, 8)));
    }

    @Test
    void bytesAreSlicesOfTheirOwnLengthThatNeverRepeat() throws InterruptedException {
        assertEquals(32, IdBytes.bytes(32).length);
        assertEquals(IdBytes.BLOCK, IdBytes.bytes(IdBytes.BLOCK).length);
        assertDistinct(() -> HexFormat.of().formatHex(IdBytes.bytes(16)));
    }

    @Test
    void aLengthBelowZeroIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> IdBytes.hex(-1));
        assertThrows(IllegalArgumentException.class, () -> IdBytes.bytes(-1));
        assertThrows(IllegalArgumentException.class, () -> IdBytes.hexPair(-1, 8));
        assertThrows(IllegalArgumentException.class, () -> IdBytes.hexPair(8, -1));
    }

    @Test
    void aLengthAboveTheBlockIsRefusedNotDrawnForEver() {
        // the guard only stops the endless loop that this rule replaced from hanging the build
        assertTimeoutPreemptively(Duration.ofMinutes(1), () -> {
            assertThrows(IllegalArgumentException.class, () -> IdBytes.bytes(IdBytes.BLOCK + 1));
            assertThrows(IllegalArgumentException.class, () -> IdBytes.hex(IdBytes.BLOCK + 1));
            assertThrows(IllegalArgumentException.class, () -> IdBytes.hexPair(IdBytes.BLOCK, 1));
            assertThrows(IllegalArgumentException.class, () -> IdBytes.hexPair(Integer.MAX_VALUE, Integer.MAX_VALUE));
        });
    }

    @Test
    void uuidsAreVersionFourAsUuidRandomUuidWritesThem() {
        for (int i = 0; i < 1_000; i++) {
            String id = IdBytes.uuid();
            UUID parsed = UUID.fromString(id);
            assertEquals(4, parsed.version(), id);
            assertEquals(2, parsed.variant(), id);
            assertEquals(parsed.toString(), id);
            assertTrue(UUID_TEXT.matcher(id).matches(), id);
        }
    }

    @Test
    void longsAreNeverZero() {
        for (int i = 0; i < 10_000; i++) {
            assertNotEquals(0, IdBytes.nonZeroLong());
        }
    }

    @Test
    void idsAreDistinctOverManyDrawsAcrossThreads() throws InterruptedException {
        assertDistinct(IdBytes::uuid);
        assertDistinct(() -> IdBytes.hex(8));
    }

    @Test
    void discardingThrowsAwayTheBytesDrawnSoFar() {
        IdBytes.hex(8);
        assertTrue(IdBytes.buffered() > 0, "a block was drawn");
        int discards = IdBytes.discards();

        IdBytes.discard();

        assertEquals(0, IdBytes.buffered(), "no byte drawn before is handed out");
        assertTrue(IdBytes.discards() > discards);
        assertTrue(UUID_TEXT.matcher(IdBytes.uuid()).matches(), "ids come from new draws");
    }

    /** Many ids from platform and virtual threads at once, many blocks' worth each: none repeats. */
    private static void assertDistinct(Supplier<String> ids) throws InterruptedException {
        int threads = 8;
        int each = 20_000;
        Set<String> seen = ConcurrentHashMap.newKeySet();
        List<Thread> drawing = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread.Builder builder = t % 2 == 0 ? Thread.ofPlatform() : Thread.ofVirtual();
            drawing.add(builder.start(() -> {
                for (int i = 0; i < each; i++) {
                    seen.add(ids.get());
                }
            }));
        }
        for (Thread thread : drawing) {
            thread.join();
        }
        assertEquals(threads * each, seen.size());
    }
}
