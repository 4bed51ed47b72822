package dev.agentport.base;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Deadlines of the many short things that seldom reach theirs (a run, a request's headers, its body), kept by one
 * daemon thread that sweeps them every {@link #PERIOD} and runs the action of each one past due. Setting a deadline
 * is one atomic push, cancelling it one atomic swap on the deadline itself: no timer queue with its lock, and no
 * wake-up of a timer thread per deadline. The thread sleeps while no deadline is set.
 *
 * <p>The price is precision: an action runs at most {@link #PERIOD} after its deadline (plus the time the sweeping
 * thread waits for a core), never before it.
 */
public final class Deadlines {

    /** How often the set deadlines are looked at: the most an action runs late. */
    public static final Duration PERIOD = Duration.ofMillis(10);

    /** Longer timeouts are kept as this long: as good as never, and nanoTime arithmetic cannot overflow. */
    private static final Duration LONGEST = Duration.ofDays(365L * 100);

    private static final Sweeper SWEEPER = new Sweeper();

    private Deadlines() {
    }

    /**
     * Runs {@code action} on the sweeping thread once {@code timeout} from now has passed (at the next sweep when it
     * has already), unless the returned deadline is cancelled first. The action must be short and must not block
     * (every other deadline waits for it): an action that writes to a client starts a thread of its own to do it.
     */
    public static Deadline after(Duration timeout, Runnable action) {
        return at(nanoTimeAfter(timeout), action);
    }

    /** The {@link System#nanoTime()} value {@code timeout} from now (now when it is negative), for {@link #at}. */
    public static long nanoTimeAfter(Duration timeout) {
        long nanos = timeout.isNegative() ? 0 : timeout.compareTo(LONGEST) > 0 ? LONGEST.toNanos() : timeout.toNanos();
        return System.nanoTime() + nanos;
    }

    /** Like {@link #after}, for a deadline given as a {@link System#nanoTime()} value. */
    public static Deadline at(long nanoTime, Runnable action) {
        Deadline deadline = new Deadline(nanoTime, action);
        SWEEPER.add(deadline);
        return deadline;
    }

    /** One deadline set: cancel it when what it bounds has ended in time. */
    public static final class Deadline {
        private static final int SET = 0;
        private static final int CANCELLED = 1;
        private static final int RUNNING = 2;
        private static final int RAN = 3;

        private static final VarHandle STATE = stateHandle();

        private final long nanoTime;
        private final Runnable action;
        /** SET (0, so not written: a volatile write costs a fence), CANCELLED, RUNNING or RAN. */
        private volatile int state;
        /** The next deadline set after this one, while both wait for the sweeper to take them in. */
        private Deadline newer;

        private Deadline(long nanoTime, Runnable action) {
            this.nanoTime = nanoTime;
            this.action = action;
        }

        /** Cancels the action; false when it has run or is running already ({@link #awaitAction} waits for it). */
        public boolean cancel() {
            return state == SET && STATE.compareAndSet(this, SET, CANCELLED);
        }

        /** Waits until the action has ended; call it only after {@link #cancel} returned false (it is short). */
        public void awaitAction() {
            while (state == RUNNING) {
                Thread.onSpinWait();
            }
        }

        /** Whether the action has run or is running. */
        public boolean reached() {
            return state >= RUNNING;
        }

        /** Runs the action when it is due; whether this deadline is done with (run or cancelled). */
        private boolean sweep(long now) {
            if (state == CANCELLED) {
                return true;
            }
            if (now - nanoTime < 0) {
                return false;
            }
            if (STATE.compareAndSet(this, SET, RUNNING)) {
                try {
                    action.run();
                } catch (RuntimeException | Error ignored) {
                    // An action's failure is its own; the other deadlines are still kept
                } finally {
                    state = RAN;
                }
            }
            return true;
        }

        private static VarHandle stateHandle() {
            try {
                return MethodHandles.lookup().findVarHandle(Deadline.class, "state", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }

    /**
     * The sweeping thread. New deadlines are pushed on a stack it takes whole at each sweep; when it has none left it
     * puts {@link #ASLEEP} on the stack and parks, and whoever pushes over that mark wakes it. One atomic reference
     * carries both, so no push can miss a sleeping sweeper.
     */
    private static final class Sweeper implements Runnable {
        private static final Deadline ASLEEP = new Deadline(0, () -> { });

        private final AtomicReference<Deadline> added = new AtomicReference<>(ASLEEP);
        private final List<Deadline> kept = new ArrayList<>();
        private volatile Thread thread;

        void add(Deadline deadline) {
            Deadline top;
            do {
                top = added.get();
                deadline.newer = top == ASLEEP ? null : top;
            } while (!added.compareAndSet(top, deadline));
            if (top == ASLEEP) {
                wake();
            }
        }

        private void wake() {
            Thread sweeping = thread;
            if (sweeping == null) {
                synchronized (this) {
                    if (thread == null) {
                        thread = Thread.ofPlatform().daemon().name("agentport-deadlines").start(this);
                        return;
                    }
                    sweeping = thread;
                }
            }
            LockSupport.unpark(sweeping);
        }

        @Override
        public void run() {
            while (true) {
                for (Deadline deadline = added.getAndSet(null); deadline != null && deadline != ASLEEP;
                        deadline = deadline.newer) {
                    if (deadline.state != Deadline.CANCELLED) { // most are, within microseconds of being set
                        kept.add(deadline);
                    }
                }
                long now = System.nanoTime();
                kept.removeIf(deadline -> deadline.sweep(now));
                if (kept.isEmpty() && added.compareAndSet(null, ASLEEP)) {
                    while (added.get() == ASLEEP) {
                        LockSupport.park(this);
                    }
                } else {
                    LockSupport.parkNanos(this, PERIOD.toNanos());
                }
            }
        }
    }
}
