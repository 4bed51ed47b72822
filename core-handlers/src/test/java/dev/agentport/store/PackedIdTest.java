package dev.agentport.store;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PackedIdTest {

    @Test
    void a_uuid_as_java_writes_it_packs_and_is_written_back_exactly() {
        for (String id : List.of(UUID.randomUUID().toString(), "00000000-0000-0000-0000-000000000000",
                "ffffffff-ffff-ffff-ffff-ffffffffffff", new UUID(Long.MIN_VALUE, 1).toString())) {
            assertTrue(PackedId.packs(id), id);
            assertEquals(id, PackedId.text(PackedId.high(id), PackedId.low(id)));
        }
    }

    @Test
    void any_other_text_does_not_pack() {
        String uuid = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
        for (String id : List.of(uuid.toUpperCase(), uuid.replace("-", ""), uuid + " ", " " + uuid.substring(1),
                uuid.replace('-', ':'), uuid.substring(0, 35) + "g", "", "anonymous-" + uuid)) {
            assertFalse(PackedId.packs(id), id);
        }
    }

    @Test
    void reading_an_id_once_gives_what_packs_high_and_low_give() {
        String uuid = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
        for (String id : List.of(uuid, "ffffffff-ffff-ffff-ffff-ffffffffffff", uuid.toUpperCase(), "task-1",
                uuid.substring(0, 35) + "-")) {
            long[] bits = new long[2];
            assertEquals(PackedId.packs(id), PackedId.read(id, bits), id);
            if (PackedId.packs(id)) {
                assertEquals(PackedId.high(id), bits[0]);
                assertEquals(PackedId.low(id), bits[1]);
            }
        }
    }

    @Test
    void a_uuid_after_a_known_prefix_packs_with_the_prefix_and_is_written_back_exactly() {
        String uuid = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
        long[] bits = new long[2];
        assertEquals(0, PackedId.form(uuid, bits));
        long[] bare = bits.clone();
        assertEquals(1, PackedId.form("anonymous-" + uuid, bits));
        assertArrayEquals(bare, bits);
        assertEquals("anonymous-" + uuid, PackedId.text(1, bits[0], bits[1]));
        assertEquals(uuid, PackedId.text(0, bits[0], bits[1]));
    }

    @Test
    void look_alikes_of_a_prefixed_uuid_stay_text() {
        String uuid = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
        for (String id : List.of("Anonymous-" + uuid, "anonymous_" + uuid, "anonymous-" + uuid.toUpperCase(),
                "anonymous-" + uuid + "0", "anonymous-" + uuid.substring(1), "anonymous" + uuid + "-",
                "anonymous--" + uuid.substring(1), "xanonymous-" + uuid.substring(1), "anonymous-" + uuid.replace('-', ':'),
                "anonymous-" + uuid.substring(0, 35) + "g", "anonymous-", "anonymous-anonymous-" + uuid,
                "prefix-" + uuid)) {
            assertEquals(PackedId.TEXT, PackedId.form(id, new long[2]), id);
        }
    }
}
