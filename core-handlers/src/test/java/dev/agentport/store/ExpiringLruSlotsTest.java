package dev.agentport.store;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

import static dev.agentport.store.ExpiringLruSlots.NONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bounded, expiring slots the in-memory session store keeps its conversations in; the time is the {@code now}
 * each call gets, {@link #grown} records the numbers of slots it was told of and {@link #freed} the slots.
 */
class ExpiringLruSlotsTest {

    private static final long NOW = 1_000;
    private static final long LATER = 2_000;

    private final List<Integer> grown = new ArrayList<>();
    private final List<Integer> freed = new ArrayList<>();

    private ExpiringLruSlots slots(int capacity) {
        return new ExpiringLruSlots(capacity, grown::add, freed::add);
    }

    @Test
    void an_id_is_found_by_its_slot_until_its_end_of_life() {
        ExpiringLruSlots slots = slots(10);
        int slot = slots.put("a", LATER);
        assertEquals(slot, slots.get("a", NOW));
        assertEquals(slot, slots.get("a", LATER - 1));
        assertEquals(NONE, slots.get("a", LATER));
        assertEquals(NONE, slots.get("b", NOW));
        assertEquals(NONE, slots.get(null, NOW));
    }

    @Test
    void an_expired_id_is_freed_when_it_is_read() {
        ExpiringLruSlots slots = slots(10);
        int slot = slots.put("a", NOW);
        assertEquals(NONE, slots.get("a", NOW));
        assertEquals(0, slots.size());
        assertEquals(List.of(slot), freed);
        assertEquals(NONE, slots.get("a", 0));
    }

    @Test
    void a_write_renews_the_end_of_life() {
        ExpiringLruSlots slots = slots(10);
        int slot = slots.put("a", NOW);
        slots.expiresAt(slot, LATER);
        assertEquals(LATER, slots.expiresAt(slot));
        assertEquals(slot, slots.get("a", NOW));
    }

    @Test
    void past_the_capacity_the_least_recently_used_goes_first_and_its_slot_is_freed_before_reuse() {
        ExpiringLruSlots slots = slots(2);
        int a = slots.put("a", LATER);
        slots.put("b", LATER);
        int c = slots.put("c", LATER);
        assertEquals(List.of("b", "c"), ids(slots));
        assertEquals(List.of(a), freed);
        assertEquals(a, c, "the freed slot is the one given again");
        assertEquals(2, slots.size());
    }

    @Test
    void a_read_makes_an_id_the_most_recently_used() {
        ExpiringLruSlots slots = slots(2);
        slots.put("a", LATER);
        slots.put("b", LATER);
        slots.get("a", NOW);
        slots.put("c", LATER);
        assertEquals(List.of("a", "c"), ids(slots));
    }

    @Test
    void putting_an_id_again_frees_its_slot_and_makes_it_the_most_recently_used() {
        ExpiringLruSlots slots = slots(2);
        int first = slots.put("a", LATER);
        slots.put("b", LATER);
        int second = slots.put("a", LATER);
        assertEquals(List.of(first), freed);
        assertEquals(2, slots.size());
        assertEquals(second, slots.get("a", NOW));
        slots.put("c", LATER);
        assertEquals(List.of("a", "c"), ids(slots));
    }

    @Test
    void an_expired_id_still_counts_until_it_is_read_or_evicted() {
        ExpiringLruSlots slots = slots(2);
        slots.put("a", NOW);
        slots.put("b", LATER);
        assertEquals(2, slots.size());
        slots.put("c", LATER);
        assertEquals(List.of("b", "c"), ids(slots));
    }

    @Test
    void remove_tells_whether_the_id_was_live_and_frees_its_slot_either_way() {
        ExpiringLruSlots slots = slots(10);
        int live = slots.put("live", LATER);
        int expired = slots.put("expired", NOW);
        assertTrue(slots.remove("live", NOW));
        assertFalse(slots.remove("expired", NOW));
        assertFalse(slots.remove("live", NOW));
        assertEquals(List.of(live, expired), freed);
        assertEquals(0, slots.size());
    }

    @Test
    void slots_of_capacity_zero_keep_nothing() {
        ExpiringLruSlots slots = slots(0);
        assertEquals(NONE, slots.put("a", LATER));
        assertEquals(NONE, slots.get("a", NOW));
        assertEquals(0, slots.size());
    }

    @Test
    void slots_of_capacity_one_keep_the_id_put_last_in_their_one_slot() {
        ExpiringLruSlots slots = slots(1);
        int a = slots.put("a", LATER);
        int b = slots.put("b", LATER);
        assertEquals(List.of(a), freed);
        assertEquals(a, b, "the one slot, freed and given again");
        assertEquals(NONE, slots.get("a", NOW));
        assertEquals(b, slots.get("b", NOW));
        assertEquals(b, slots.put("b", LATER));
        assertEquals(List.of(a, b), freed);
        assertEquals(List.of("b"), ids(slots));
        assertTrue(slots.remove("b", NOW));
        assertEquals(0, slots.size());
        int c = slots.put("0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", LATER);
        assertEquals(a, c);
        assertEquals(List.of("0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"), ids(slots));
        assertEquals(1, slots.slots());
        assertEquals(List.of(1), grown);
    }

    @Test
    void a_capacity_the_index_cannot_hold_is_refused() {
        assertThrows(IllegalArgumentException.class, () -> slots(ExpiringLruSlots.MAX_CAPACITY + 1));
        assertThrows(IllegalArgumentException.class, () -> slots(Integer.MAX_VALUE));
        ExpiringLruSlots largest = slots(ExpiringLruSlots.MAX_CAPACITY);
        assertEquals(0, largest.put("a", LATER), "its arrays grow with the ids, not with the capacity");
        assertEquals(List.of(64), grown);
    }

    @Test
    void the_owner_is_told_the_new_number_of_slots_before_a_slot_past_the_old_one_is_handed_out() {
        ExpiringLruSlots slots = slots(300);
        for (int i = 0; i < 1_000; i++) {
            int slot = slots.put("id-" + i, LATER);
            assertTrue(slot < grown.getLast(), "slot " + slot + " of " + grown);
            assertEquals(grown.getLast(), slots.slots());
        }
        assertEquals(List.of(64, 128, 256, 300), grown);
    }

    @Test
    void a_growth_that_throws_fails_its_put_with_nothing_kept_and_every_slot_works_after_it() {
        boolean[] thrown = {false};
        ExpiringLruSlots slots = new ExpiringLruSlots(300, size -> {
            if (size == 128 && !thrown[0]) {
                thrown[0] = true;
                throw new OutOfMemoryError("injected");
            }
            grown.add(size);
        }, freed::add);
        Map<String, Integer> kept = new LinkedHashMap<>();
        for (int i = 0; i < 64; i++) {
            kept.put("id-" + i, slots.put("id-" + i, LATER));
        }
        assertThrows(OutOfMemoryError.class, () -> slots.put("id-64", LATER));
        assertEquals(NONE, slots.get("id-64", NOW));
        assertEquals(64, slots.size());
        assertEquals(64, slots.slots());
        assertEquals(List.of(), freed);
        for (int i = 64; i < 300; i++) {
            String id = i % 2 == 0 ? "id-" + i : new UUID(i, i).toString();
            int slot = slots.put(id, LATER);
            assertTrue(slot < grown.getLast(), "slot " + slot + " of " + grown);
            kept.put(id, slot);
        }
        assertEquals(List.of(64, 128, 256, 300), grown);
        assertEquals(List.copyOf(kept.keySet()), ids(slots));
        assertEquals(300, kept.values().stream().distinct().count());
        kept.forEach((id, slot) -> {
            assertEquals(slot, slots.get(id, NOW));
            assertEquals(id, slots.id(slot));
        });
    }

    @Test
    void what_a_put_keeps_is_the_id_it_was_given_whatever_the_freed_slot_callback_reads() {
        String uuid = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
        for (List<String> ids : List.of(List.of("a", "b", uuid), List.of(uuid, "b", "c"), List.of("a", uuid, "b"))) {
            // the callback reads the third id while a put of the second evicts the first
            ExpiringLruSlots[] self = new ExpiringLruSlots[1];
            ExpiringLruSlots slots = new ExpiringLruSlots(1, size -> { }, slot -> self[0].get(ids.get(2), NOW));
            self[0] = slots;
            slots.put(ids.get(0), LATER);
            int slot = slots.put(ids.get(1), LATER);
            assertEquals(slot, slots.get(ids.get(1), NOW), ids.toString());
            assertEquals(ids.get(1), slots.id(slot), ids.toString());
            assertEquals(NONE, slots.get(ids.get(2), NOW), ids.toString());
        }
    }

    @Test
    void a_uuid_id_is_kept_as_bits_and_given_back_as_the_same_text() {
        ExpiringLruSlots slots = slots(10);
        String uuid = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
        int slot = slots.put(uuid, LATER);
        assertEquals(slot, slots.get(new String(uuid), NOW));
        assertEquals(uuid, slots.id(slot));
        assertNotSame(uuid, slots.id(slot), "kept as bits, the text is made again");
        assertEquals(NONE, slots.get(uuid.toUpperCase(), NOW), "an id is its exact text");
    }

    @Test
    void ids_that_only_look_like_uuids_are_kept_as_text_and_stay_apart_from_them() {
        ExpiringLruSlots slots = slots(10);
        String uuid = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
        List<String> ids = List.of(uuid, uuid.toUpperCase(), uuid.replace('-', '_'), uuid + "0", "",
                "00000000-0000-0000-0000-000000000000");
        List<Integer> given = new ArrayList<>();
        for (String id : ids) {
            given.add(slots.put(id, LATER));
        }
        for (int i = 0; i < ids.size(); i++) {
            assertEquals(given.get(i), slots.get(ids.get(i), NOW));
            assertEquals(ids.get(i), slots.id(given.get(i)));
        }
        assertEquals(ids, ids(slots));
    }

    @Test
    void a_prefixed_uuid_id_is_kept_as_bits_apart_from_the_bare_uuid_and_from_its_look_alikes() {
        ExpiringLruSlots slots = slots(20);
        String uuid = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
        String prefixed = "anonymous-" + uuid;
        List<String> ids = List.of(prefixed, uuid, "Anonymous-" + uuid, "anonymous-" + uuid.toUpperCase(),
                "anonymous_" + uuid, prefixed + "0", prefixed.substring(0, 45), "anonymous-",
                "anonymous-anonymous-" + uuid);
        List<Integer> given = new ArrayList<>();
        for (String id : ids) {
            given.add(slots.put(id, LATER));
        }
        for (int i = 0; i < ids.size(); i++) {
            assertEquals(given.get(i), slots.get(new String(ids.get(i)), NOW), ids.get(i));
            assertEquals(ids.get(i), slots.id(given.get(i)));
        }
        assertNotSame(prefixed, slots.id(given.get(0)), "kept as bits, the text is made again");
        assertEquals(ids, ids(slots));
        assertTrue(slots.remove(prefixed, NOW));
        assertEquals(given.get(1), slots.get(uuid, NOW));
        assertEquals(NONE, slots.get(prefixed, NOW));
    }

    @Test
    void many_ids_are_all_found_and_removed_as_they_grow_the_slots() {
        ExpiringLruSlots slots = slots(100_000);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            ids.add(i % 2 == 0 ? UUID.randomUUID().toString() : "id-" + i);
        }
        for (String id : ids) {
            slots.put(id, LATER);
        }
        assertEquals(ids.size(), slots.size());
        assertTrue(slots.slots() >= ids.size());
        assertEquals(ids, ids(slots));
        for (int i = 0; i < ids.size(); i += 3) {
            assertTrue(slots.remove(ids.get(i), NOW));
        }
        for (int i = 0; i < ids.size(); i++) {
            int slot = slots.get(ids.get(i), NOW);
            assertEquals(i % 3 != 0, slot != NONE, ids.get(i));
            if (slot != NONE) {
                assertEquals(ids.get(i), slots.id(slot));
            }
        }
    }

    @Test
    void the_slots_never_outgrow_the_capacity() {
        ExpiringLruSlots slots = slots(100);
        for (int i = 0; i < 10_000; i++) {
            assertTrue(slots.put(UUID.randomUUID().toString(), LATER) < 100);
        }
        assertEquals(100, slots.slots());
        assertEquals(100, slots.size());
    }

    /**
     * Random puts, reads, removals and expiries against an access-ordered {@link LinkedHashMap} of the same capacity:
     * the same ids live, in the same order, every id at its own slot, no two ids sharing one, and every slot freed
     * exactly when its id leaves. The seed fixes the calls, the ids and their hashes: a failure replays.
     */
    @Test
    void random_calls_keep_what_an_access_ordered_map_keeps() {
        Random random = new Random(14);
        int capacity = 200;
        ExpiringLruSlots slots = new ExpiringLruSlots(capacity, grown::add, freed::add, new IdHash(14));
        Map<String, long[]> order = new LinkedHashMap<>(16, 0.75f, true); // id -> {slot, expiresAt}, read = used
        List<String> pool = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            String uuid = new UUID(random.nextLong(), random.nextLong()).toString();
            pool.add(i % 3 == 0 ? "id-" + i : i % 3 == 1 ? uuid : "anonymous-" + uuid);
        }
        for (int step = 0; step < 200_000; step++) {
            String id = pool.get(random.nextInt(pool.size()));
            long now = step;
            switch (random.nextInt(4)) {
                case 0, 1 -> {
                    List<Integer> leaving = new ArrayList<>();
                    long[] known = order.remove(id);
                    if (known != null) {
                        leaving.add((int) known[0]);
                    }
                    if (order.size() >= capacity) {
                        leaving.add((int) order.remove(order.keySet().iterator().next())[0]);
                    }
                    long expiresAt = now + 1 + random.nextInt(5_000);
                    int slot = slots.put(id, expiresAt);
                    assertEquals(leaving, takeFreed());
                    order.put(id, new long[] {slot, expiresAt});
                }
                case 2 -> {
                    long[] known = order.get(id);
                    int slot = slots.get(id, now);
                    if (known == null) {
                        assertEquals(NONE, slot);
                    } else if (known[1] <= now) {
                        assertEquals(NONE, slot);
                        order.remove(id);
                        assertEquals(List.of((int) known[0]), takeFreed());
                    } else {
                        assertEquals(known[0], slot);
                    }
                }
                default -> {
                    long[] known = order.remove(id);
                    boolean live = slots.remove(id, now);
                    if (known == null) {
                        assertFalse(live);
                    } else {
                        assertEquals(known[1] > now, live);
                        assertEquals(List.of((int) known[0]), takeFreed());
                    }
                }
            }
            assertEquals(order.size(), slots.size());
            if (step % 1_000 == 0) {
                assertEquals(List.copyOf(order.keySet()), ids(slots));
                assertEquals(order.size(), order.values().stream().mapToLong(kept -> kept[0]).distinct().count());
            }
        }
    }

    private List<Integer> takeFreed() {
        List<Integer> taken = List.copyOf(freed);
        freed.clear();
        return taken;
    }

    private static List<String> ids(ExpiringLruSlots slots) {
        List<String> ids = new ArrayList<>();
        for (int slot = slots.oldest(); slot != NONE; slot = slots.newer(slot)) {
            ids.add(slots.id(slot));
        }
        return ids;
    }
}
