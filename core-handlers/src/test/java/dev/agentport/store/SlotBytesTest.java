package dev.agentport.store;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Values by slot in rooms of one array: the edge of a room, and nothing of a value left once it is gone. */
class SlotBytesTest {

    private static final int ROOM = 16;

    private static byte[] value(int length, int fill) {
        byte[] value = new byte[length];
        Arrays.fill(value, (byte) fill);
        return value;
    }

    private static SlotBytes bytes(int slots) {
        SlotBytes bytes = new SlotBytes(ROOM);
        bytes.grow(slots);
        return bytes;
    }

    /** The room of {@code slot} as it is now, whatever its value. */
    private static byte[] room(SlotBytes bytes, int slot) {
        return Arrays.copyOfRange(bytes.array(slot), slot * ROOM, (slot + 1) * ROOM);
    }

    @Test
    void a_value_of_exactly_the_room_stays_in_it_and_one_byte_more_gets_an_array_of_its_own() {
        SlotBytes bytes = bytes(3);
        bytes.keep(0, value(ROOM, 1));
        bytes.keep(2, value(ROOM, 3));
        byte[] longer = value(ROOM + 1, 2);
        bytes.keep(1, longer);
        assertTrue(bytes.inRoom(0));
        assertFalse(bytes.inRoom(1));
        assertSame(longer, bytes.value(1));
        assertArrayEquals(value(ROOM, 1), bytes.value(0));
        assertArrayEquals(value(ROOM, 3), bytes.value(2));
        bytes.keep(1, value(ROOM, 2));
        assertTrue(bytes.inRoom(1));
        assertArrayEquals(value(ROOM, 2), bytes.value(1));
        assertArrayEquals(value(ROOM, 1), bytes.value(0));
        assertArrayEquals(value(ROOM, 3), bytes.value(2));
    }

    @Test
    void a_reserved_value_is_written_where_the_slot_says() {
        SlotBytes bytes = bytes(2);
        for (int length : new int[] {ROOM, ROOM + 1, 0, 5}) {
            bytes.reserve(1, length);
            Arrays.fill(bytes.array(1), bytes.offset(1), bytes.offset(1) + length, (byte) 7);
            assertEquals(length, bytes.length(1));
            assertArrayEquals(value(length, 7), bytes.value(1));
            assertArrayEquals(new byte[ROOM], room(bytes, 0));
        }
    }

    @Test
    void a_cleared_slot_leaves_its_room_zeroed() {
        SlotBytes bytes = bytes(2);
        bytes.keep(0, value(ROOM, 9));
        bytes.keep(1, value(ROOM - 3, 9));
        bytes.clear(0);
        bytes.clear(1);
        assertArrayEquals(new byte[ROOM], room(bytes, 0));
        assertArrayEquals(new byte[ROOM], room(bytes, 1));
        assertEquals(0, bytes.length(0));
        assertArrayEquals(new byte[0], bytes.value(0));
    }

    @Test
    void a_shorter_value_written_over_a_longer_one_leaves_nothing_of_it_past_its_end() {
        SlotBytes bytes = bytes(1);
        bytes.keep(0, value(ROOM, 9));
        bytes.keep(0, value(4, 1));
        byte[] expected = new byte[ROOM];
        Arrays.fill(expected, 0, 4, (byte) 1);
        assertArrayEquals(expected, room(bytes, 0));
    }

    @Test
    void a_value_moved_out_of_its_room_leaves_the_room_zeroed() {
        SlotBytes bytes = bytes(1);
        bytes.keep(0, value(ROOM, 9));
        bytes.keep(0, value(ROOM + 1, 1));
        bytes.keep(0, value(2, 1));
        byte[] expected = new byte[ROOM];
        Arrays.fill(expected, 0, 2, (byte) 1);
        assertArrayEquals(expected, room(bytes, 0));
    }

    @Test
    void a_value_read_is_a_copy_of_its_room_that_later_writes_do_not_change() {
        SlotBytes bytes = bytes(1);
        bytes.keep(0, value(ROOM, 1));
        byte[] read = bytes.value(0);
        bytes.keep(0, value(ROOM, 2));
        assertNotSame(bytes.array(0), read);
        assertArrayEquals(value(ROOM, 1), read);
    }

    @Test
    void growing_keeps_every_value() {
        SlotBytes bytes = bytes(2);
        bytes.keep(0, value(3, 1));
        bytes.keep(1, value(ROOM + 5, 2));
        bytes.grow(64);
        bytes.keep(63, value(ROOM, 3));
        assertArrayEquals(value(3, 1), bytes.value(0));
        assertArrayEquals(value(ROOM + 5, 2), bytes.value(1));
        assertArrayEquals(value(ROOM, 3), bytes.value(63));
        assertEquals(Integer.MAX_VALUE / ROOM, bytes.maxSlots());
        assertThrows(IllegalArgumentException.class, () -> new SlotBytes(0));
    }
}
