package dev.agentport.task;

import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.a2a.WrittenTask;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Part;
import dev.agentport.json.Json;
import dev.agentport.testing.MovableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The store contract on the in-memory store, plus its bound, the room each finished task's wire form has in the
 * store's one large array, and its slots under random and concurrent use.
 */
class InMemoryTaskStoreTest extends TaskStoreContract {

    private final MovableClock clock = new MovableClock(Instant.parse("2026-01-01T00:00:00Z"));

    @Override
    protected TaskStore newStore() {
        return new InMemoryTaskStore();
    }

    @Override
    protected TaskStore newStore(Duration ttl) {
        return new InMemoryTaskStore(100, ttl, clock);
    }

    @Override
    protected void pass(Duration time) {
        clock.pass(time);
    }

    @Test
    void the_least_recently_used_task_goes_first_past_the_bound() {
        TaskStore store = new InMemoryTaskStore(2, Duration.ofDays(1), clock);
        store.put(task("a", "c", TaskState.COMPLETED, 0), 0);
        store.put(task("b", "c", TaskState.COMPLETED, 1), 0);
        store.get("a");
        store.put(task("c", "c", TaskState.COMPLETED, 2), 0);
        assertTrue(store.get("a").isPresent());
        assertTrue(store.get("b").isEmpty());
    }

    @Test
    void tasks_and_contexts_named_by_uuids_are_listed_and_read_by_their_exact_ids() {
        TaskStore store = newStore();
        String context = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
        String task = UUID.randomUUID().toString();
        store.put(task(task, context, TaskState.COMPLETED, 1), 0);
        store.put(task("b", context.toUpperCase(), TaskState.COMPLETED, 2), 0);
        store.put(task("c", null, TaskState.COMPLETED, 3), 0);

        assertEquals(task, store.get(task).orElseThrow().task().id());
        assertEquals(List.of(task), ids(store.list(new TaskQuery(context, null, 10, null))));
        assertEquals(List.of("b"), ids(store.list(new TaskQuery(context.toUpperCase(), null, 10, null))));
        assertEquals(List.of("c", "b", task), ids(store.list(new TaskQuery(null, null, 10, null))));
    }

    private static List<String> ids(TaskPage page) {
        return page.tasks().stream().map(t -> t.id()).toList();
    }

    @Test
    void more_tasks_than_the_arrays_can_hold_are_refused() {
        assertThrows(IllegalArgumentException.class,
                () -> new InMemoryTaskStore(InMemoryTaskStore.MAX_TASKS + 1, Duration.ofDays(1), clock));
    }

    @Test
    void daedalus_made_up_task_ids_and_their_look_alikes_are_read_and_listed_by_their_exact_ids() {
        TaskStore store = newStore();
        String uuid = UUID.randomUUID().toString();
        List<String> ids = List.of("anonymous-" + uuid, uuid, "Anonymous-" + uuid, "anonymous-" + uuid.toUpperCase(),
                "anonymous_" + uuid, "anonymous-" + uuid + "0");
        for (int i = 0; i < ids.size(); i++) {
            assertTrue(store.put(task(ids.get(i), "anonymous-" + uuid, TaskState.COMPLETED, i), 0));
        }
        for (String id : ids) {
            assertEquals(id, store.get(id).orElseThrow().task().id());
        }
        assertEquals(ids.reversed(), ids(store.list(new TaskQuery("anonymous-" + uuid, null, 10, null))));
        assertEquals(List.of(), ids(store.list(new TaskQuery(uuid, null, 10, null))));
    }

    /**
     * A finished task whose wire form is {@code length} bytes, its reply's last character {@code last} ({@code ""}:
     * none), which is 2 or 3 bytes of UTF-8 or, for a surrogate pair, 12 bytes of escapes.
     */
    private static A2aTask finishedOfWireLength(String id, int length, String last) {
        int padding = length - finished(id, last).bytes().length;
        A2aTask task = finished(id, "a".repeat(padding) + last);
        assertEquals(length, task.bytes().length);
        return task;
    }

    private static A2aTask finished(String id, String reply) {
        return new A2aTask(id, "c", new TaskStatus(TaskState.COMPLETED, null, Instant.parse("2026-01-01T00:00:00Z")),
                List.of(new Artifact(id + "-reply", "reply", null, List.of(Part.text(reply)), null)), null);
    }

    @Test
    void a_wire_form_of_exactly_the_room_and_of_one_byte_more_read_back_equal_and_leave_their_neighbours_alone() {
        int room = InMemoryTaskStore.ROOM_BYTES;
        for (int length : new int[] {room - 1, room, room + 1}) {
            for (String last : List.of("", "\u00e9", "\u20ac", "\ud83d\udc4b")) {
                TaskStore store = new InMemoryTaskStore(3, Duration.ofDays(1), clock);
                A2aTask before = finishedOfWireLength("before", room, "");
                A2aTask after = finishedOfWireLength("after", room, "\u20ac");
                A2aTask task = finishedOfWireLength("t", length, last);
                assertTrue(store.put(before, 0));
                assertTrue(store.put(WrittenTask.of(task), 0));
                assertTrue(store.put(after, 0));
                String name = length + " bytes, ending in " + last;
                assertEquals(task.toJson(), store.get("t").orElseThrow().task().toJson(), name);
                assertEquals(before.toJson(), store.get("before").orElseThrow().task().toJson(), name);
                assertEquals(after.toJson(), store.get("after").orElseThrow().task().toJson(), name);
            }
        }
    }

    @Test
    void a_task_in_the_slot_of_an_evicted_or_rewritten_one_reads_back_as_itself() {
        TaskStore store = new InMemoryTaskStore(1, Duration.ofDays(1), clock);
        int room = InMemoryTaskStore.ROOM_BYTES;
        store.put(finishedOfWireLength("long", room, ""), 0);
        A2aTask shorter = finishedOfWireLength("short", 250, "");
        store.put(shorter, 0);
        assertTrue(store.get("long").isEmpty());
        assertEquals(shorter.toJson(), store.get("short").orElseThrow().task().toJson());
        A2aTask outOfRoom = finishedOfWireLength("short", room + 100, "");
        assertTrue(store.put(outOfRoom, 1));
        assertEquals(outOfRoom.toJson(), store.get("short").orElseThrow().task().toJson());
        A2aTask running = task("short", "c", TaskState.WORKING, 5);
        assertTrue(store.put(running, 2));
        assertEquals(running.toJson(), store.get("short").orElseThrow().task().toJson());
        A2aTask tiny = finishedOfWireLength("short", 240, "\u00e9");
        assertTrue(store.put(tiny, 3));
        assertEquals(tiny.toJson(), store.get("short").orElseThrow().task().toJson());
    }

    /** What the store should hold for a task: the task as written, its version and lease, and its end of life. */
    private record Modelled(A2aTask task, long version, Instant lease, Instant expiresAt) {
    }

    /**
     * Random writes (right and wrong versions, running and finished tasks, with and without leases, in and out of their
     * room), reads, listings and time passing, against an access-ordered {@link LinkedHashMap} that keeps the rules
     * the store had as a map: the same tasks live, read back equal with their exact status times, versions and leases,
     * and the same listings page by page. The seed fixes the calls: a failure replays.
     */
    @Test
    void random_calls_give_what_a_map_with_the_same_rules_gives() {
        Random random = new Random(14);
        int capacity = 40;
        Duration ttl = Duration.ofSeconds(100);
        TaskStore store = new InMemoryTaskStore(capacity, ttl, clock);
        Map<String, Modelled> model = new LinkedHashMap<>(16, 0.75f, true);
        String uuid = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
        List<String> ids = new ArrayList<>(List.of("anonymous-" + uuid, uuid, "anonymous-" + uuid.toUpperCase()));
        for (int i = 0; i < 60; i++) {
            String another = new UUID(random.nextLong(), random.nextLong()).toString();
            ids.add(switch (i % 3) {
                case 0 -> another;
                case 1 -> "anonymous-" + another;
                default -> "task-" + i;
            });
        }
        List<String> contexts = new ArrayList<>(List.of(uuid, "anonymous-" + uuid, uuid.toUpperCase(), "ctx"));
        contexts.add(null);
        for (int step = 0; step < 20_000; step++) {
            String id = ids.get(random.nextInt(ids.size()));
            Instant now = clock.instant();
            switch (random.nextInt(6)) {
                case 0, 1, 2 -> {
                    Modelled known = live(model, id, now);
                    long version = known == null ? 0 : known.version();
                    long expected = random.nextInt(5) == 0 ? version + 1 - random.nextInt(3) : version;
                    A2aTask task = randomTask(random, id, contexts.get(random.nextInt(contexts.size())));
                    Instant lease = task.status().state().isTerminal() || random.nextBoolean() ? null
                            : now.plusMillis(random.nextInt(100_000)).plusNanos(random.nextInt(1_000_000));
                    boolean written = lease == null && random.nextBoolean()
                            ? store.put(WrittenTask.of(task), expected) : store.put(task, expected, lease);
                    assertEquals(expected == version, written, "step " + step);
                    if (written) {
                        if (known == null && model.size() >= capacity) {
                            model.remove(model.keySet().iterator().next());
                        }
                        model.put(id, new Modelled(task, version + 1, lease, now.plus(ttl)));
                    }
                }
                case 3 -> {
                    Modelled known = live(model, id, now);
                    Optional<StoredTask> read = store.get(id);
                    assertEquals(known != null, read.isPresent(), "step " + step);
                    if (known != null) {
                        StoredTask stored = read.orElseThrow();
                        assertEquals(known.task().toJson(), stored.task().toJson(), "step " + step);
                        assertEquals(known.task().status(), stored.task().status(), "step " + step);
                        assertEquals(known.version(), stored.version(), "step " + step);
                        assertEquals(known.lease(), stored.leaseExpiry(), "step " + step);
                    }
                }
                case 4 -> {
                    String context = contexts.get(random.nextInt(contexts.size()));
                    TaskState state = random.nextInt(3) == 0 ? null
                            : TaskState.values()[random.nextInt(TaskState.values().length)];
                    assertEquals(listed(model, context, state, now), listAll(store, context, state, 1 + random.nextInt(7)),
                            "step " + step);
                }
                default -> clock.pass(Duration.ofSeconds(random.nextInt(10)));
            }
        }
    }

    /** The model's task {@code id} if it lives at {@code now}, made the most recently used; an expired one leaves. */
    private static Modelled live(Map<String, Modelled> model, String id, Instant now) {
        Modelled known = model.get(id);
        if (known != null && !known.expiresAt().isAfter(now)) {
            model.remove(id);
            return null;
        }
        return known;
    }

    private static A2aTask randomTask(Random random, String id, String context) {
        TaskState state = TaskState.values()[random.nextInt(TaskState.values().length)];
        A2aMessage message = random.nextInt(4) == 0 ? A2aMessage.agentText("why-" + random.nextInt(), "because",
                id, context) : null;
        Instant at = Instant.parse("2026-01-01T00:00:00Z").plusSeconds(random.nextInt(20))
                .plusNanos(random.nextInt(1_000_000_000));
        String[] pieces = {"a", "\u00e9", "\u20ac", "\ud83d\udc4b", "\"", "\n"};
        StringBuilder reply = new StringBuilder();
        int length = random.nextInt(3) == 0 ? 600 + random.nextInt(300) : random.nextInt(200);
        for (int i = 0; i < length; i++) {
            reply.append(random.nextInt(4) == 0 ? pieces[random.nextInt(pieces.length)] : "a");
        }
        List<Artifact> artifacts = List.of(new Artifact(id + "-reply", "reply", null,
                List.of(Part.text(reply.toString())), null));
        return new A2aTask(id, context, new TaskStatus(state, message, at), artifacts,
                random.nextBoolean() ? Json.object().put("n", random.nextInt()) : null,
                List.of(new A2aMessage("m-" + random.nextInt(), "user", List.of(Part.text("hi")), id, context)));
    }

    /** The ids of the model's live tasks a listing gives, in its order: newest status first (to the ms), then ids. */
    private static List<String> listed(Map<String, Modelled> model, String context, TaskState state, Instant now) {
        return model.values().stream()
                .filter(kept -> kept.expiresAt().isAfter(now))
                .map(Modelled::task)
                .filter(task -> context == null || context.equals(task.contextId()))
                .filter(task -> state == null || task.status().state() == state)
                .sorted(Comparator.comparing((A2aTask task) -> new PageTokens.Position(task.status().timestamp(),
                        task.id())))
                .map(A2aTask::id)
                .toList();
    }

    /** Every page of a listing, its tasks checked against the total size on each. */
    private static List<String> listAll(TaskStore store, String context, TaskState state, int pageSize) {
        List<String> all = new ArrayList<>();
        String token = null;
        int total = -1;
        do {
            TaskPage page = store.list(new TaskQuery(context, state, pageSize, token));
            assertTrue(total == -1 || total == page.totalSize());
            total = page.totalSize();
            page.tasks().forEach(task -> all.add(task.id()));
            token = page.nextPageToken();
        } while (!token.isEmpty());
        assertEquals(total, all.size());
        return all;
    }

    /**
     * Writers on many threads, through few slots (each write evicts another thread's task and takes its slot and room):
     * whatever a writer reads back, by id or by its context, is what it wrote last, never another's bytes.
     */
    @Test
    void concurrent_writers_through_few_slots_never_read_one_another_s_tasks() throws Exception {
        TaskStore store = new InMemoryTaskStore(8, Duration.ofDays(1), clock);
        int writers = 16;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<Integer>> reads = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                String writer = "w" + w;
                reads.add(pool.submit(() -> {
                    start.await();
                    Random random = new Random(writer.hashCode());
                    String context = UUID.randomUUID().toString();
                    Map<String, A2aTask> written = new LinkedHashMap<>();
                    int checked = 0;
                    for (int i = 0; i < 1_000; i++) {
                        String id = random.nextBoolean() ? "anonymous-" + UUID.randomUUID() : writer + "-" + i % 5;
                        A2aTask task = new A2aTask(id, context, new TaskStatus(TaskState.COMPLETED, null,
                                Instant.parse("2026-01-01T00:00:00Z").plusNanos(i)), List.of(new Artifact(id + "-r",
                                "reply", null, List.of(Part.text(writer.repeat(random.nextInt(300)))), null)), null);
                        long version = store.get(id).map(StoredTask::version).orElse(0L);
                        if (store.put(WrittenTask.of(task), version)) {
                            written.put(id, task);
                        }
                        Optional<StoredTask> read = store.get(id);
                        if (read.isPresent()) {
                            assertEquals(written.get(id).toJson(), read.get().task().toJson());
                            checked++;
                        }
                        List<A2aTask> listed = i % 10 != 0 ? List.of()
                                : store.list(new TaskQuery(context, null, 10, null)).tasks();
                        for (A2aTask each : listed) {
                            assertEquals(written.get(each.id()).toJson(), each.toJson());
                            checked++;
                        }
                    }
                    return checked;
                }));
            }
            start.countDown();
            int checked = 0;
            for (Future<Integer> read : reads) {
                checked += read.get();
            }
            assertTrue(checked > 0);
        } finally {
            pool.shutdownNow();
        }
    }
}
