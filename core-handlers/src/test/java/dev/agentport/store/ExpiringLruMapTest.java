package dev.agentport.store;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bounded, expiring map the in-memory stores keep their holders in; the time is the {@code now} each call gets. */
class ExpiringLruMapTest {

    private static final long NOW = 1_000;
    private static final long LATER = 2_000;

    private static final class Kept extends ExpiringLruMap.Entry {
        final String value;

        Kept(String value, long expiresAt) {
            this.value = value;
            expiresAt(expiresAt);
        }
    }

    @Test
    void an_entry_is_found_by_its_id_until_its_end_of_life() {
        ExpiringLruMap<Kept> map = new ExpiringLruMap<>(10);
        Kept kept = new Kept("a", LATER);
        map.put("a", kept);
        assertSame(kept, map.get("a", NOW));
        assertSame(kept, map.get("a", LATER - 1));
        assertNull(map.get("a", LATER));
        assertNull(map.get("b", NOW));
    }

    @Test
    void an_expired_entry_is_removed_when_it_is_read() {
        ExpiringLruMap<Kept> map = new ExpiringLruMap<>(10);
        map.put("a", new Kept("a", NOW));
        assertNull(map.get("a", NOW));
        assertEquals(0, map.size());
        assertNull(map.get("a", 0));
    }

    @Test
    void past_the_capacity_the_least_recently_used_goes_first() {
        ExpiringLruMap<Kept> map = new ExpiringLruMap<>(2);
        map.put("a", new Kept("a", LATER));
        map.put("b", new Kept("b", LATER));
        map.put("c", new Kept("c", LATER));
        assertEquals(List.of("b", "c"), ids(map));
    }

    @Test
    void a_read_makes_an_entry_the_most_recently_used() {
        ExpiringLruMap<Kept> map = new ExpiringLruMap<>(2);
        map.put("a", new Kept("a", LATER));
        map.put("b", new Kept("b", LATER));
        map.get("a", NOW);
        map.put("c", new Kept("c", LATER));
        assertEquals(List.of("a", "c"), ids(map));
    }

    @Test
    void putting_an_id_again_replaces_its_entry_and_makes_it_the_most_recently_used() {
        ExpiringLruMap<Kept> map = new ExpiringLruMap<>(2);
        map.put("a", new Kept("a1", LATER));
        map.put("b", new Kept("b", LATER));
        map.put("a", new Kept("a2", LATER));
        assertEquals(2, map.size());
        assertEquals("a2", map.get("a", NOW).value);
        map.put("c", new Kept("c", LATER));
        assertEquals(List.of("a", "c"), ids(map));
    }

    @Test
    void an_expired_entry_still_counts_until_it_is_read_or_evicted() {
        ExpiringLruMap<Kept> map = new ExpiringLruMap<>(2);
        map.put("a", new Kept("a", NOW));
        map.put("b", new Kept("b", LATER));
        assertEquals(2, map.size());
        map.put("c", new Kept("c", LATER));
        assertEquals(List.of("b", "c"), ids(map));
    }

    @Test
    void remove_gives_back_the_entry_only_if_it_was_live_and_removes_it_either_way() {
        ExpiringLruMap<Kept> map = new ExpiringLruMap<>(10);
        Kept live = new Kept("live", LATER);
        map.put("live", live);
        map.put("expired", new Kept("expired", NOW));
        assertSame(live, map.remove("live", NOW));
        assertNull(map.remove("expired", NOW));
        assertNull(map.remove("live", NOW));
        assertEquals(0, map.size());
    }

    @Test
    void iteration_goes_from_least_to_most_recently_used_and_changes_no_order() {
        ExpiringLruMap<Kept> map = new ExpiringLruMap<>(10);
        for (String id : List.of("a", "b", "c", "d")) {
            map.put(id, new Kept(id, LATER));
        }
        map.get("b", NOW);
        assertEquals(List.of("a", "c", "d", "b"), ids(map));
        assertEquals(List.of("a", "c", "d", "b"), ids(map));
    }

    @Test
    void a_map_of_capacity_zero_keeps_nothing() {
        ExpiringLruMap<Kept> map = new ExpiringLruMap<>(0);
        map.put("a", new Kept("a", LATER));
        assertNull(map.get("a", NOW));
        assertEquals(0, map.size());
    }

    @Test
    void a_uuid_id_is_kept_as_bits_and_given_back_as_the_same_text() {
        ExpiringLruMap<Kept> map = new ExpiringLruMap<>(10);
        String uuid = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
        map.put(uuid, new Kept("u", LATER));
        assertEquals("u", map.get(new String(uuid), NOW).value);
        assertEquals(uuid, map.iterator().next().id());
        assertNotSame(uuid, map.iterator().next().id(), "kept as bits, the text is made again");
        assertNull(map.get(uuid.toUpperCase(), NOW), "an id is its exact text");
    }

    @Test
    void an_entry_kept_already_is_updated_in_place_not_put_again() {
        ExpiringLruMap<Kept> map = new ExpiringLruMap<>(10);
        Kept kept = new Kept("a", LATER);
        map.put("a", kept);
        assertThrows(IllegalStateException.class, () -> map.put("b", kept));
        assertEquals("a", map.get("a", NOW).value);
        assertNull(map.get("b", NOW));
    }

    @Test
    void ids_that_only_look_like_uuids_are_kept_as_text_and_stay_apart_from_them() {
        ExpiringLruMap<Kept> map = new ExpiringLruMap<>(10);
        String uuid = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
        List<String> ids = List.of(uuid, uuid.toUpperCase(), uuid.replace('-', '_'), uuid + "0", "",
                "00000000-0000-0000-0000-000000000000");
        for (String id : ids) {
            map.put(id, new Kept(id, LATER));
        }
        for (String id : ids) {
            assertEquals(id, map.get(id, NOW).value);
        }
        assertEquals(ids, ids(map));
    }

    @Test
    void many_entries_are_all_found_and_removed_whatever_their_ids() {
        ExpiringLruMap<Kept> map = new ExpiringLruMap<>(100_000);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            ids.add(i % 2 == 0 ? UUID.randomUUID().toString() : "id-" + i);
        }
        for (String id : ids) {
            map.put(id, new Kept(id, LATER));
        }
        assertEquals(ids.size(), map.size());
        for (String id : ids) {
            assertEquals(id, map.get(id, NOW).value);
        }
        assertEquals(ids, ids(map));
        for (int i = 0; i < ids.size(); i += 3) {
            assertEquals(ids.get(i), map.remove(ids.get(i), NOW).value);
        }
        for (int i = 0; i < ids.size(); i++) {
            assertEquals(i % 3 != 0, map.get(ids.get(i), NOW) != null);
        }
    }

    @Test
    void an_entry_moved_out_of_the_map_by_eviction_can_be_kept_again() {
        ExpiringLruMap<Kept> map = new ExpiringLruMap<>(1);
        Kept a = new Kept("a", LATER);
        map.put("a", a);
        map.put("b", new Kept("b", LATER));
        assertFalse(ids(map).contains("a"));
        map.put("a", a);
        assertTrue(ids(map).contains("a"));
        assertEquals(1, map.size());
    }

    private static List<String> ids(ExpiringLruMap<Kept> map) {
        List<String> ids = new ArrayList<>();
        for (Kept kept : map) {
            ids.add(kept.id());
        }
        return ids;
    }
}
