package dev.agentport.store;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.UUID;

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
}
