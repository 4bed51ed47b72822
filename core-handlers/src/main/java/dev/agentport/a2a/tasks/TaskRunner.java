package dev.agentport.a2a.tasks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.IncomingMessage;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.a2a.WrittenTask;
import dev.agentport.agent.CancelCause;
import dev.agentport.agent.RunInput;
import dev.agentport.base.IdBytes;
import dev.agentport.http.HttpRequest;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.runtime.Run;
import dev.agentport.runtime.RunOutcome;
import dev.agentport.runtime.Runs;
import dev.agentport.store.StoreUnavailableException;
import dev.agentport.task.StoredTask;
import dev.agentport.task.TaskLeases;
import dev.agentport.task.TaskStore;
import dev.agentport.telemetry.RequestIdentities;
import io.opentelemetry.context.Context;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Starts a task's run and sees it to its end: a message starts a new task, or continues a task that waits for input
 * (the task store's conditional write decides which of two racing answers wins). The run's events go to the task's
 * channel, its end to the store; a cancel marks the task canceled and stops its run, here or on another instance.
 * Whether the run goes on when the client leaves is the face's choice ({@link TaskMessage#detached()}).
 */
public final class TaskRunner {

    /** What a cancel tells the run: it ends {@code canceled}, not {@code failed}. */
    public static final String CANCELED = "the task was canceled";

    /** Why a task that had nothing to run on failed at once. */
    public static final String NO_TEXT = "no text content in message parts";

    private final Runs runs;
    private final TaskStore tasks;
    private final TaskLeases leases;
    private final TaskHub hub = new TaskHub();
    /**
     * How many cancels this instance has made. A run reads it before its task is stored and again when it starts: only
     * when it changed meanwhile may a cancel have missed the run, and only then does the run read its task back.
     */
    private final AtomicLong cancels = new AtomicLong();

    public TaskRunner(Runs runs, TaskStore tasks, TaskLeases leases) {
        this.runs = runs;
        this.tasks = tasks;
        this.leases = leases;
    }

    /** The channels of the tasks running here, for a subscriber to join one. */
    public TaskHub hub() {
        return hub;
    }

    /**
     * Stores a new task as working, starts its run, and returns a subscription to its events; a message without text
     * makes a task that failed at once. The task takes {@code send.taskId()}, else a generated id, and the message's
     * context, else a generated one.
     *
     * @param storedVersion the version of the finished task stored under that id, which the new one replaces; 0 when
     *                      there is none
     * @throws TaskRefusal {@link TaskRefusal.Reason#TAKEN_MEANWHILE} when the store holds another version by now
     */
    public TaskChannel.Subscription startNew(TaskMessage send, long storedVersion, HttpRequest request) {
        IncomingMessage message = send.message();
        String taskId = send.taskId() != null ? send.taskId() : IdBytes.uuid();
        String contextId = message.contextId() != null ? message.contextId() : IdBytes.uuid();
        A2aTask running = new A2aTask(taskId, contextId, TaskStatus.of(TaskState.WORKING, null), List.of(), null,
                List.of(userMessage(message, taskId, contextId)));
        if (!message.hasText()) {
            WrittenTask failed = WrittenTask.of(Outcomes.failed(running, NO_TEXT));
            if (!tasks.put(failed, storedVersion)) {
                throw takenMeanwhile(taskId);
            }
            TaskChannel channel = hub.open(failed.task());
            TaskChannel.Subscription subscription = channel.subscribe();
            channel.finish(failed);
            return subscription;
        }
        Run run = run(running, send, request, message.contextId() == null);
        write(running, storedVersion, leases.expiry());
        RunInput input = RunInput.ofParts(message.parts());
        return launch(running, storedVersion + 1, run, send.follow(), emitter -> run.stream(input, emitter));
    }

    /**
     * Continues a task waiting for input with the message as its answer: stores it as working again (against the
     * version read, so of two racing answers exactly one wins) and resumes its paused run.
     *
     * @throws TaskRefusal when the task is not waiting for input, the message carries no answer, or another answer
     *                     won
     */
    public TaskChannel.Subscription continuePaused(StoredTask stored, TaskMessage send, HttpRequest request) {
        IncomingMessage message = send.message();
        A2aTask task = stored.task();
        TaskState state = task.status().state();
        if (state != TaskState.INPUT_REQUIRED) {
            throw new TaskRefusal(TaskRefusal.Reason.NOT_AWAITING_INPUT, task.id(), state, "Task " + task.id()
                    + " is " + state.wireName() + "; only a task in input-required takes another message");
        }
        JsonNode answer = send.answer();
        if (answer == null) {
            throw new TaskRefusal(TaskRefusal.Reason.NO_ANSWER, task.id(), state,
                    "the message has no text or data part to answer the task with");
        }
        List<A2aMessage> history = new ArrayList<>(task.history());
        history.add(userMessage(message, task.id(), task.contextId()));
        A2aTask running = new A2aTask(task.id(), task.contextId(), TaskStatus.of(TaskState.WORKING, null),
                task.artifacts(), task.metadata(), history);
        Run run = run(running, send, request, false);
        if (!tasks.put(running, stored.version(), leases.expiry())) {
            throw new TaskRefusal(TaskRefusal.Reason.TAKEN_MEANWHILE, task.id(), state,
                    "Task " + task.id() + " was answered already");
        }
        return launch(running, stored.version() + 1, run, send.follow(), emitter -> run.resume(task.id(), answer));
    }

    /**
     * Marks the task canceled, then stops its run (here: through the run registry; on another instance its
     * {@link CancelWatch} reads the canceled task and stops it there). A task waiting for input loses its paused run.
     *
     * @throws TaskRefusal for an unknown task, or one that has ended
     */
    public A2aTask cancel(String id, String traceId) {
        while (true) {
            StoredTask stored = leases.get(id).orElseThrow(() -> new TaskRefusal(TaskRefusal.Reason.UNKNOWN_TASK, id,
                    null, "Task " + id + " was not found"));
            TaskState state = stored.task().status().state();
            if (state.isTerminal()) {
                throw new TaskRefusal(TaskRefusal.Reason.NOT_CANCELABLE, id, state,
                        "Task " + id + " is " + state.wireName() + " and cannot be canceled");
            }
            A2aTask canceled = Outcomes.canceled(stored.task());
            if (tasks.put(canceled, stored.version())) {
                // Counted before the run registry is searched: a run registering meanwhile sees the count change.
                cancels.incrementAndGet();
                if (state == TaskState.INPUT_REQUIRED) {
                    dropPausedRun(id, traceId);
                }
                runs.cancel(id, CancelCause.CLIENT_CANCELLED, CANCELED);
                return canceled;
            }
        }
    }

    /**
     * The canceled task's paused run is of no use any more; when the store cannot drop it now, the task stays canceled
     * (as stored and answered) and the run expires with the store's time to live.
     */
    private void dropPausedRun(String id, String traceId) {
        try {
            runs.sessions().claimPaused(id);
        } catch (StoreUnavailableException e) {
            AgentFailures.storeUnavailable(e, traceId, "CancelTask dropping the paused run of " + id);
        }
    }

    private void write(A2aTask task, long storedVersion, Instant leaseExpiry) {
        if (!tasks.put(task, storedVersion, leaseExpiry)) {
            throw takenMeanwhile(task.id());
        }
    }

    private static TaskRefusal takenMeanwhile(String taskId) {
        return new TaskRefusal(TaskRefusal.Reason.TAKEN_MEANWHILE, taskId, null,
                "Task " + taskId + " was started by another message meanwhile");
    }

    @FunctionalInterface
    private interface AgentCall {
        RunOutcome call(ChannelEmitter emitter);
    }

    /** The task's run, in the task's conversation (one made up here has no turns to read); detached as the face chose. */
    private Run run(A2aTask running, TaskMessage send, HttpRequest request, boolean madeUpContext) {
        Run.Builder builder = runs.newRun(request).operation("task");
        if (send.detached()) {
            builder.detached();
        }
        long cancelsBefore = cancels.get();
        if (madeUpContext) {
            builder.newSession(running.contextId());
        } else {
            builder.session(running.contextId());
        }
        return builder
                .metadata(send.message().metadata()).taskId(running.id()).contextId(running.contextId())
                .extensions(send.extensions())
                .onStart(started -> {
                    // A cancel from another instance is the watch's to find; one from here changed the count.
                    if (cancels.get() != cancelsBefore && canceledMeanwhile(started.taskId(), started.traceId())) {
                        // A CancelTask came before the run could be reached by its id: it must not start.
                        started.cancel(CancelCause.CLIENT_CANCELLED, CANCELED);
                    }
                })
                .build();
    }

    /**
     * Runs the task, watched for a cancel from another instance: on this thread when its caller waits for the end here,
     * else on a thread of its own. Only a caller that follows every event gets a subscription that queues them; any
     * other holds the last event only. Either way the run is registered, so a cancel reaches it.
     *
     * @param version the version the running task was stored with
     */
    private TaskChannel.Subscription launch(A2aTask running, long version, Run run, TaskMessage.Follow follow,
                                           AgentCall call) {
        TaskChannel channel = hub.open(running);
        TaskChannel.Subscription subscription = follow == TaskMessage.Follow.EVERY_EVENT ? channel.subscribe()
                : channel.subscribeToEnd();
        CancelWatch watch = CancelWatch.start(run, tasks, leases);
        // The run deregisters when the agent returns; the drain must also wait for the task's end to be stored.
        Runs.Hold hold = runs.hold();
        Runnable task = () -> {
            try {
                end(channel, drive(running, run, channel, call), version, run.traceId());
            } finally {
                watch.close();
                hold.close();
            }
        };
        if (follow == TaskMessage.Follow.END) {
            task.run();
        } else {
            Thread.ofVirtual().name("a2a-task").start(RequestIdentities.carried(Context.current().wrap(task)));
        }
        return subscription;
    }

    /** Whether the task is terminal already; when the store cannot say, the run starts and its end decides. */
    private boolean canceledMeanwhile(String taskId, String traceId) {
        try {
            return tasks.get(taskId).map(stored -> stored.task().status().state().isTerminal()).orElse(false);
        } catch (StoreUnavailableException e) {
            AgentFailures.storeUnavailable(e, traceId, "task");
            return false;
        }
    }

    /** How the run ended: the task to store, and whether the state store failed on the way. */
    private record RunEnd(A2aTask task, boolean storeFailed) {
    }

    private RunEnd drive(A2aTask running, Run run, TaskChannel channel, AgentCall call) {
        ChannelEmitter emitter = new ChannelEmitter(channel, running.id(), run.cancellation());
        return switch (call.call(emitter)) {
            case RunOutcome.Completed completed -> {
                emitter.finish(completed.result());
                yield new RunEnd(Outcomes.finished(running, completed.result()), false);
            }
            case RunOutcome.Failed failed when failed.failure().cause() == CancelCause.CLIENT_CANCELLED ->
                    new RunEnd(Outcomes.canceled(running), false);
            case RunOutcome.Failed failed -> new RunEnd(Outcomes.failed(running, failed.failure().message()),
                    failed.failure().kind() == AgentFailures.Kind.STORE_UNAVAILABLE);
        };
    }

    /**
     * Stores the run's end and tells the subscribers. When the state store failed, during the run or now, they are told
     * so instead of a state: the task is stored {@code failed} if the store takes that write, else it stays as stored.
     */
    private void end(TaskChannel channel, RunEnd end, long version, String traceId) {
        WrittenTask stored;
        try {
            stored = store(end.task(), version);
        } catch (StoreUnavailableException e) {
            AgentFailures.storeUnavailable(e, traceId, "task");
            channel.storeUnavailable();
            return;
        }
        if (end.storeFailed()) {
            channel.storeUnavailable();
        } else {
            channel.finish(stored);
        }
    }

    /**
     * Writes the run's end unless the task ended otherwise meanwhile (a cancel): then the stored end stands. The task
     * is read only when the version the run stored it with no longer stands (a cancel, a lease renewal). The end is
     * written to its wire form once, for the store and the subscribers' answers.
     */
    private WrittenTask store(A2aTask end, long version) {
        WrittenTask written = WrittenTask.of(end);
        if (tasks.put(written, version)) {
            return written;
        }
        while (true) {
            Optional<StoredTask> now = tasks.get(end.id());
            if (now.isPresent() && now.get().task().status().state().isTerminal()) {
                return WrittenTask.of(now.get().task());
            }
            if (tasks.put(written, now.map(StoredTask::version).orElse(0L))) {
                return written;
            }
        }
    }

    private static A2aMessage userMessage(IncomingMessage message, String taskId, String contextId) {
        String messageId = message.messageId() != null ? message.messageId() : IdBytes.uuid();
        return new A2aMessage(messageId, "user", message.parts(), taskId, contextId);
    }
}
