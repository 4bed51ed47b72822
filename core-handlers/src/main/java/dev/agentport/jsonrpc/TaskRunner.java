package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.IncomingMessage;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.runtime.AgentThread;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.runtime.RunRegistry;
import dev.agentport.runtime.RunRequest;
import dev.agentport.runtime.Runs;
import dev.agentport.task.StoredTask;
import dev.agentport.task.TaskStore;
import dev.agentport.telemetry.TraceIds;
import io.opentelemetry.context.Context;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeoutException;

/**
 * Starts a task's run and sees it to its end: a new message starts a new task; a message naming a task that waits
 * for input continues its paused run (the task store's conditional write decides which of two racing answers wins).
 * The run goes on in the background whoever listens; its events go to the task's channel, its end to the store.
 */
final class TaskRunner {

    /** The cancellation reason of a {@code CancelTask}: the run ends {@code canceled}, not {@code failed}. */
    static final String CANCELED_BY_CLIENT = "the task was canceled";

    private final Runs runs;
    private final TaskStore tasks;
    private final TaskHub hub;

    TaskRunner(Runs runs, TaskStore tasks, TaskHub hub) {
        this.runs = runs;
        this.tasks = tasks;
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
        tasks.put(running, 0);
        RunInput input = RunInput.ofParts(message.parts());
        return launch(running, send, request, (context, emitter) -> runs.stream(input, context, emitter));
    }

    private TaskChannel.Subscription continuePaused(SendParams send, HttpRequest request) {
        IncomingMessage message = send.message();
        StoredTask stored = tasks.get(message.taskId())
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
        if (!tasks.put(running, stored.version())) {
            throw RpcError.unsupportedOperation("Task " + task.id() + " was answered already").failure();
        }
        return launch(running, send, request, (context, emitter) -> runs.resume(task.id(), answer, context));
    }

    @FunctionalInterface
    private interface AgentCall {
        RunResult call(RunContext context, ChannelEmitter emitter) throws Exception;
    }

    private TaskChannel.Subscription launch(A2aTask running, SendParams send, HttpRequest request, AgentCall call) {
        String traceId = TraceIds.of(request);
        // No client connection: the task runs on when the caller leaves, and can be fetched or canceled later.
        RunContext context = runs.context(new RunRequest(null, running.contextId(), null, send.message().metadata(),
                request.header(HttpHeaderNames.X_REQUEST_ID), traceId, request.header(HttpHeaderNames.TRACEPARENT),
                request.deadline(), running.id(), running.contextId(), send.extensions(), null));
        TaskChannel channel = hub.open(running);
        TaskChannel.Subscription subscription = channel.subscribe();
        RunRegistry.Registration registration = runs.registry().register(running.id(), context.cancellation());
        if (tasks.get(running.id()).map(stored -> stored.task().status().state().isTerminal()).orElse(false)) {
            // A CancelTask arrived between storing the task and registering its run: the run must not start.
            context.cancellation().cancel(CANCELED_BY_CLIENT);
        }
        Thread.ofVirtual().name("a2a-task").start(Context.current().wrap(() -> {
            try {
                channel.finish(store(drive(running, context, channel, call, traceId)));
            } finally {
                registration.close();
            }
        }));
        return subscription;
    }

    private A2aTask drive(A2aTask running, RunContext context, TaskChannel channel, AgentCall call, String traceId) {
        ChannelEmitter emitter = new ChannelEmitter(channel, running.id(), running.contextId(),
                context.cancellation());
        try {
            RunResult result = AgentThread.call(context, () -> call.call(context, emitter));
            emitter.finish(result);
            return Outcomes.finished(running, result);
        } catch (Exception | Error e) {
            if (CANCELED_BY_CLIENT.equals(context.cancellation().reason())) {
                return Outcomes.canceled(running);
            }
            return Outcomes.failed(running, AgentFailures.describe(e, traceId, "task").message());
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
