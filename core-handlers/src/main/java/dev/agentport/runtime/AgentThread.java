package dev.agentport.runtime;

import dev.agentport.agent.CancelCause;
import dev.agentport.agent.RunCancelledException;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunResult;
import dev.agentport.base.Deadlines;
import dev.agentport.telemetry.RequestIdentities;
import io.opentelemetry.context.Context;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs agent code so that the run's deadline and its cancellation are kept. On a virtual thread (the Helidon server's
 * requests, the task runner) the code runs right there, and the thread is interrupted at the deadline or on
 * cancellation ({@link InlineRun}): no handoff for the many short runs. On a platform thread (Lambda, Cloud Functions),
 * where socket I/O does not end on an interrupt, it runs on its own virtual thread that the caller stops waiting for,
 * so a blocked agent can never hold the request past either; that worker carries the caller's OpenTelemetry context,
 * so spans the agent makes stay children of the run's.
 */
final class AgentThread {

    /** The agent call to run. */
    @FunctionalInterface
    interface Call {
        RunResult call() throws Exception;
    }

    private AgentThread() {
    }

    /**
     * The call's result; {@link RunTimeoutException} past the deadline, {@link RunCancelledException} when cancelled,
     * else whatever the call threw.
     */
    static RunResult call(RunContext context, Call call) throws Exception {
        long deadlineNanos = context.deadline() == null ? 0
                : Deadlines.nanoTimeAfter(Duration.between(Instant.now(), context.deadline()));
        return call(context, deadlineNanos, call);
    }

    /** As {@link #call(RunContext, Call)}, with the context's deadline also given as a {@link System#nanoTime()} value. */
    static RunResult call(RunContext context, long deadlineNanos, Call call) throws Exception {
        if (Thread.currentThread().isVirtual()) {
            return InlineRun.call(context, deadlineNanos, call);
        }
        return onItsOwnThread(context, deadlineNanos, call);
    }

    private static RunResult onItsOwnThread(RunContext context, long deadlineNanos, Call call) throws Exception {
        FutureTask<RunResult> task = new FutureTask<>(RequestIdentities.carried(Context.current().wrap(call::call)));
        Thread worker = Thread.ofVirtual().name("agent-run").start(task);
        context.cancellation().onCancel(() -> task.cancel(true));
        try {
            if (context.deadline() == null) {
                return task.get();
            }
            long nanos = Math.max(0, deadlineNanos - System.nanoTime());
            return task.get(nanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            context.cancellation().cancel(CancelCause.DEADLINE);
            worker.interrupt();
            throw new RunTimeoutException("the agent did not finish before the deadline");
        } catch (CancellationException e) {
            throw new RunCancelledException(context.cancellation().cause(), context.cancellation().reason());
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception exception) {
                throw exception;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }
}
