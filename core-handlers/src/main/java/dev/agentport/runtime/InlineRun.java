package dev.agentport.runtime;

import dev.agentport.agent.CancelCause;
import dev.agentport.agent.Cancellation;
import dev.agentport.agent.RunCancelledException;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunResult;
import dev.agentport.base.Deadlines;
import dev.agentport.base.Deadlines.Deadline;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Agent code run on the caller's own virtual thread, with no handoff: at the deadline, or when the run is cancelled,
 * that thread is interrupted, which ends every blocking call a virtual thread makes (sleeping, waiting, socket and
 * HTTP client I/O). Whatever the agent then returns or throws, the caller gets {@link RunTimeoutException} or
 * {@link RunCancelledException}, as from a run on a thread of its own; the interrupt never outlives the call.
 *
 * <p>The deadline is kept by the process's one deadline sweeper ({@link Deadlines}): setting and cancelling it costs
 * an atomic operation each, and the interrupt comes at most {@link Deadlines#PERIOD} after the deadline.
 */
final class InlineRun {

    private static final int RUNNING = 0;
    private static final int ENDED = 1;
    private static final int INTERRUPTING = 2;
    private static final int INTERRUPTED = 3;

    private final Thread caller = Thread.currentThread();
    private final AtomicInteger state = new AtomicInteger(RUNNING);

    private InlineRun() {
    }

    /** {@code deadlineNanos}: the context's deadline as a {@link System#nanoTime()} value, when it has one. */
    static RunResult call(RunContext context, long deadlineNanos, AgentThread.Call call) throws Exception {
        Cancellation cancellation = context.cancellation();
        if (cancellation.isCancelled()) { // also when the deadline has passed
            throw stopped(cancellation);
        }
        InlineRun run = new InlineRun();
        cancellation.onCancel(run::interrupt);
        Deadline deadline = context.deadline() == null ? null
                : Deadlines.at(deadlineNanos, () -> cancellation.cancel(CancelCause.DEADLINE));
        RunResult result;
        try {
            result = call.call();
        } catch (Exception | Error e) {
            run.end(deadline);
            if (run.wasInterrupted()) {
                throw stopped(cancellation);
            }
            throw e;
        }
        run.end(deadline);
        if (run.wasInterrupted()) {
            throw stopped(cancellation);
        }
        return result;
    }

    private void interrupt() {
        if (state.compareAndSet(RUNNING, INTERRUPTING)) {
            caller.interrupt();
            state.set(INTERRUPTED);
        }
    }

    /** Cancels the deadline, and clears the interrupt when one came: the caller's thread goes on to answer. */
    private void end(Deadline deadline) {
        if (deadline != null) {
            deadline.cancel();
        }
        if (state.compareAndSet(RUNNING, ENDED)) {
            return;
        }
        while (state.get() == INTERRUPTING) {
            Thread.onSpinWait();
        }
        Thread.interrupted();
    }

    private boolean wasInterrupted() {
        return state.get() == INTERRUPTED;
    }

    private static Exception stopped(Cancellation cancellation) {
        return cancellation.cause() == CancelCause.DEADLINE ? timedOut()
                : new RunCancelledException(cancellation.cause(), cancellation.reason());
    }

    private static RunTimeoutException timedOut() {
        return new RunTimeoutException("the agent did not finish before the deadline");
    }
}
