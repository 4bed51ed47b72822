package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.IncomingMessage;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.agent.CancelCause;
import dev.agentport.agent.RunInput;
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

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Starts a task's run and sees it to its end: a new message starts a new task; a message naming a task that waits
 * for input continues its paused run (the task store's conditional write decides which of two racing answers wins).
 * The run goes on in the background whoever listens; its events go to the task's channel, its end to the store.
 */
final class TaskRunner {

    /** What a {@code CancelTask} tells the run: it ends {@code canceled}, not {@code failed}. */
    static final String CANCELED = "the task was canceled";

    private final Runs runs;
    private final TaskStore tasks;
    private final TaskLeases leases;
    private final TaskHub hub;

    TaskRunner(Runs runs, TaskStore tasks, TaskLeases leases, TaskHub hub) {
        this.runs = runs;
        this.tasks = tasks;
        this.leases = leases;
        this.hub = hub;
    }

    /** Stores the task as working, starts its run, and returns a subscription to its events. */
    TaskChannel.Subscription start(SendParams send, HttpRequest request) {
        IncomingMessage message = send.message();
        return message.taskId() == null ? startNew(send, request) : continuePaused(send, request);
    }

    private TaskChannel.Subscription startNew(SendParams send, HttpRequest request) {
        IncomingMessage message = send.message();
        String taskId = UUID.randomUUID().toString();
        String contextId = message.contextId() != null ? message.contextId() : UUID.randomUUID().toString();
        A2aTask running = new A2aTask(taskId, contextId, TaskStatus.of(TaskState.WORKING, null), List.of(), null,
                List.of(userMessage(message, taskId, contextId)));
        if (!message.hasText()) {
            A2aTask failed = Outcomes.failed(running, Outcomes.NO_TEXT);
            tasks.put(failed, 0);
            TaskChannel channel = hub.open(failed);
            TaskChannel.Subscription subscription = channel.subscribe();
            channel.finish(failed);
            return subscription;
        }
        Run run = run(running, send, request);
        tasks.put(running, 0, leases.expiry());
        RunInput input = RunInput.ofParts(message.parts());
        return launch(running, run, emitter -> run.stream(input, emitter));
    }

    private TaskChannel.Subscription continuePaused(SendParams send, HttpRequest request) {
        IncomingMessage message = send.message();
        StoredTask stored = leases.get(message.taskId())
                .orElseThrow(() -> RpcError.taskNotFound(message.taskId()).failure());
        A2aTask task = stored.task();
        if (task.status().state() != TaskState.INPUT_REQUIRED) {
            throw RpcError.unsupportedOperation("Task " + task.id() + " is " + task.status().state().wireName()
                    + "; only a task in input-required takes another message").failure();
        }
        if (message.contextId() != null && !message.contextId().equals(task.contextId())) {
            throw RpcError.invalidParams("message.contextId is not the task's contextId").failure();
        }
        JsonNode answer = message.hasText()
                ? JsonNodeFactory.instance.textNode(RunInput.ofParts(message.parts()).text())
                : message.firstData();
        if (answer == null) {
            throw RpcError.invalidParams("the message has no text or data part to answer the task with").failure();
        }
        List<A2aMessage> history = new ArrayList<>(task.history());
        history.add(userMessage(message, task.id(), task.contextId()));
        A2aTask running = new A2aTask(task.id(), task.contextId(), TaskStatus.of(TaskState.WORKING, null),
                task.artifacts(), task.metadata(), history);
        Run run = run(running, send, request);
        if (!tasks.put(running, stored.version(), leases.expiry())) {
            throw RpcError.unsupportedOperation("Task " + task.id() + " was answered already").failure();
        }
        return launch(running, run, emitter -> run.resume(task.id(), answer));
    }

    @FunctionalInterface
    private interface AgentCall {
        RunOutcome call(ChannelEmitter emitter);
    }

    /**
     * The task's run. It goes on when the caller leaves: the task can be fetched or canceled later.
     */
    private Run run(A2aTask running, SendParams send, HttpRequest request) {
        return runs.newRun(request).operation("task").detached().session(running.contextId())
                .metadata(send.message().metadata()).taskId(running.id()).contextId(running.contextId())
                .extensions(send.extensions())
                .onStart(started -> {
                    if (canceledMeanwhile(started.taskId(), started.traceId())) {
                        // A CancelTask came before the run could be reached by its id: it must not start.
                        started.cancel(CancelCause.CLIENT_CANCELLED, CANCELED);
                    }
                })
                .build();
    }

    private TaskChannel.Subscription launch(A2aTask running, Run run, AgentCall call) {
        TaskChannel channel = hub.open(running);
        TaskChannel.Subscription subscription = channel.subscribe();
        CancelWatch watch = CancelWatch.start(run, tasks, leases);
        Runnable task = () -> {
            try {
                end(channel, drive(running, run, channel, call), run.traceId());
            } finally {
                watch.close();
            }
        };
        Thread.ofVirtual().name("a2a-task").start(RequestIdentities.carried(Context.current().wrap(task)));
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
        ChannelEmitter emitter = new ChannelEmitter(channel, running.id(), running.contextId(),
                run.cancellation());
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
    private void end(TaskChannel channel, RunEnd end, String traceId) {
        A2aTask stored;
        try {
            stored = store(end.task());
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

    /** Writes the run's end unless the task ended otherwise meanwhile (a cancel): then the stored end stands. */
    private A2aTask store(A2aTask end) {
        while (true) {
            Optional<StoredTask> now = tasks.get(end.id());
            if (now.isPresent() && now.get().task().status().state().isTerminal()) {
                return now.get().task();
            }
            if (tasks.put(end, now.map(StoredTask::version).orElse(0L))) {
                return end;
            }
        }
    }

    private static A2aMessage userMessage(IncomingMessage message, String taskId, String contextId) {
        String messageId = message.messageId() != null ? message.messageId() : UUID.randomUUID().toString();
        return new A2aMessage(messageId, "user", message.parts(), taskId, contextId);
    }
}
