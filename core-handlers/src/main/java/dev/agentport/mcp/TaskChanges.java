package dev.agentport.mcp;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Wakes the listen streams of this instance that watch a task as soon as {@link TaskBook} writes it here, so that they
 * need not wait for their next read of the store. A change written by another instance reaches them only through
 * that read ({@link ListenStream}).
 */
final class TaskChanges {

    private final Map<String, Set<Watch>> watches = new ConcurrentHashMap<>();

    /** The task {@code taskId} was written here: wakes whoever watches it. */
    void changed(String taskId) {
        Set<Watch> watching = watches.get(taskId);
        if (watching != null) {
            watching.forEach(Watch::wake);
        }
    }

    /** Watches {@code taskIds} until the returned watch is closed. */
    Watch watch(Collection<String> taskIds) {
        Watch watch = new Watch(List.copyOf(taskIds));
        for (String id : taskIds) {
            watches.compute(id, (key, watching) -> {
                Set<Watch> set = watching != null ? watching : ConcurrentHashMap.newKeySet();
                set.add(watch);
                return set;
            });
        }
        return watch;
    }

    /** One stream's wake-up: a change of a task it watches, or anything else that should end its wait. */
    final class Watch implements AutoCloseable {

        private final List<String> taskIds;
        private final Semaphore woken = new Semaphore(0);

        private Watch(List<String> taskIds) {
            this.taskIds = taskIds;
        }

        void wake() {
            woken.release();
        }

        /** Waits at most {@code pause} for a wake-up; true when one came. Takes every wake-up that came meanwhile. */
        boolean await(Duration pause) throws InterruptedException {
            boolean wokenUp = woken.tryAcquire(Math.max(0, pause.toMillis()), TimeUnit.MILLISECONDS);
            woken.drainPermits();
            return wokenUp;
        }

        @Override
        public void close() {
            for (String id : taskIds) {
                watches.computeIfPresent(id, (key, watching) -> {
                    watching.remove(this);
                    return watching.isEmpty() ? null : watching;
                });
            }
        }
    }
}
