package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.CancelCause;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.Json;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.runtime.Run;
import dev.agentport.runtime.RunOutcome;
import dev.agentport.runtime.Runs;
import dev.agentport.store.StoreUnavailableException;
import dev.agentport.task.Leases;
import dev.agentport.telemetry.RequestIdentities;
import io.opentelemetry.context.Context;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Clock;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One run of a task's tool, on a thread of its own after the request that started it (a {@code tools/call}, or the
 * {@code tasks/update} that answered its last question) was answered. The run is the engine's, detached from the
 * client. It is registered before the request is answered (the drain at shutdown waits for it, even before its thread
 * starts, and until its end is stored, and cancels it at the end of the grace); it holds the task's lease, renewed while it runs, so that another
 * instance fails the task once this one died; it ends at the run timeout; and {@code tasks/cancel} cancels it, here
 * through the engine or from another instance through {@link TaskCancelWatch}. Its end is stored against the version read, unless the task ended meanwhile (cancelled).
 */
final class TaskRun {

    private static final Logger LOG = LoggerFactory.getLogger(TaskRun.class);

    /** What the tool's body came to, when it came to an end of its own. */
    private sealed interface Ending {
        record Result(ObjectNode result) implements Ending {
        }

        record Questions(InputRequired pending) implements Ending {
        }

        record Error(McpError error) implements Ending {
        }
    }

    private final TaskBook book;
    private final Runs runs;
    private final Clock clock;
    private final Executor threads;

    TaskRun(TaskBook book, Runs runs, Clock clock) {
        this(book, runs, clock, body -> Thread.ofVirtual().name("mcp-task").start(body));
    }

    /** @param threads starts each run's thread */
    TaskRun(TaskBook book, Runs runs, Clock clock, Executor threads) {
        this.book = book;
        this.runs = runs;
        this.clock = clock;
        this.threads = threads;
    }

    /**
     * Builds the task's run from {@code request} (which must still be open), registered at once, and starts it on a
     * thread of its own.
     */
    void start(HttpRequest request, McpTask task, McpTool tool) {
        Run run = runs.newRun(request).operation("tools/call " + tool.name() + " (task)").taskId(task.id())
                .detached().registeredNow().build();
        Leases.Held lease = book.hold(task.id());
        // The run deregisters when the tool returns; the drain must also wait for the task's end to be stored.
        Runs.Hold drain = runs.hold();
        Runnable body = () -> {
            try {
                carryOut(request, task, tool, run, lease);
            } finally {
                lease.close();
                drain.close();
            }
        };
        try {
            threads.execute(RequestIdentities.carried(Context.current().wrap(body)));
        } catch (RuntimeException e) {
            lease.close();
            drain.close();
            run.discard();
            throw e;
        }
    }

    private void carryOut(HttpRequest request, McpTask task, McpTool tool, Run run, Leases.Held lease) {
        AtomicReference<Ending> ending = new AtomicReference<>();
        RunOutcome outcome;
        try (TaskCancelWatch watch = TaskCancelWatch.start(book, task.id(), run, lease)) {
            outcome = run.streamTo(frame -> { }, frames -> {
                McpCall call = new McpCall(request, task.scope(), null, dropped -> { }, run, run.cancellation(),
                        ClientCapabilities.declared(task.capabilities()), new TaskAsker(task.answers()), task.id());
                ending.set(body(new ToolCall(tool, task.arguments()), call));
                return null;
            });
        } catch (IOException | RuntimeException e) {
            LOG.error("the task {} failed", task.id(), e);
            outcome = null;
        }
        McpTask ended = end(task, outcome, ending.get(), run);
        try {
            book.settle(task.id(), current -> ended);
        } catch (StoreUnavailableException e) {
            LOG.error("the end of task {} could not be stored: {}", task.id(), e.getMessage());
        }
    }

    private static Ending body(ToolCall toolCall, McpCall call) {
        try {
            return new Ending.Result(toolCall.run(call));
        } catch (InputRequired pending) {
            return new Ending.Questions(pending);
        } catch (McpError e) {
            return new Ending.Error(e);
        } catch (StoreUnavailableException e) {
            return new Ending.Error(new McpError(McpError.INTERNAL_ERROR, "the state store is unavailable; "
                    + "the task stopped, call the tool again"));
        }
    }

    /**
     * The task as its run left it. A run the engine stopped has the last word, by its cause: at the deadline the
     * tool's timeout result, at shutdown a JSON-RPC error, after a cancel {@code cancelled}.
     */
    private McpTask end(McpTask task, RunOutcome outcome, Ending ending, Run run) {
        var now = clock.instant();
        if (outcome instanceof RunOutcome.Failed || ending == null) {
            CancelCause cause = run.cancellation().cause();
            if (cause == null) {
                return task.moved(McpTask.FAILED, "the task failed unexpectedly", now, null, null, null,
                        McpTask.error(new McpError(McpError.INTERNAL_ERROR,
                                "the task failed unexpectedly; the server log has the details under trace_id " + run.traceId())));
            }
            return switch (cause) {
                case DEADLINE -> task.moved(McpTask.COMPLETED, null, now, null, null,
                        ToolResults.error(AgentFailures.DEADLINE_MESSAGE), null);
                case SHUTDOWN -> task.moved(McpTask.FAILED, "the server shut down", now, null, null, null,
                        McpTask.error(new McpError(McpError.INTERNAL_ERROR,
                                "the server is shutting down; the task was stopped, call the tool again")));
                case CLIENT_CANCELLED, CLIENT_LEFT -> task.moved(McpTask.CANCELLED, TaskBook.CANCELLED_MESSAGE, now,
                        null, null, null, null);
            };
        }
        return switch (ending) {
            case Ending.Result result -> task.moved(McpTask.COMPLETED, null, now, null, null, result.result(), null);
            case Ending.Questions questions -> {
                ObjectNode asked = Json.object();
                questions.pending().pending().forEach((key, request) -> asked.set(key, request.toJson()));
                yield task.moved(McpTask.INPUT_REQUIRED, "the task waits for the client's answers", now, null, asked,
                        null, null);
            }
            case Ending.Error failed -> task.moved(McpTask.FAILED, failed.error().getMessage(), now, null, null, null,
                    McpTask.error(failed.error()));
        };
    }
}
