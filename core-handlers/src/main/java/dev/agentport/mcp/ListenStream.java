package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.ClientConnection;
import dev.agentport.http.EventSink;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.json.Json;
import dev.agentport.runtime.Lifecycle;
import dev.agentport.runtime.Runs;
import dev.agentport.store.StoreUnavailableException;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One {@code subscriptions/listen} stream, written on the thread the adapter gives its body: the acknowledgement,
 * then the state of each task it watches as {@code tasks/get} would show it, then a {@code notifications/tasks} each
 * time that changes, every message tagged with the subscription id. A task written on this instance wakes the stream
 * at once ({@link TaskChanges}); the store is read besides, every 250 ms backing off to 1 s while nothing changes, for
 * what other instances write. A quiet beat writes a comment, which keeps the connection open and notices a client
 * that left.
 * <p>
 * The stream ends with the {@code subscriptions/listen} result (a graceful end, as the spec has the server end a
 * subscription) once nothing more can come: every watched task has ended (or expired from the store), so a stream
 * that watches none ends right after its acknowledgement. It ends so earlier when the server drains or at the run
 * timeout (or the platform's deadline less its margin), and without a result when the client leaves. The drain waits
 * for it ({@link Runs#hold()}), which it notices within a second.
 */
final class ListenStream {

    static final Duration FIRST_POLL = Duration.ofMillis(250);
    static final Duration LAST_POLL = Duration.ofSeconds(1);

    private final JsonNode subscriptionId;
    private final ObjectNode acknowledgement;
    private final Map<String, McpTask> watched;
    private final ObjectNode closing;
    private final TaskBook book;
    private final Lifecycle lifecycle;
    private final Runs runs;
    private final Instant end;
    private final ClientConnection connection;
    private final Map<String, ObjectNode> sent = new LinkedHashMap<>();
    private volatile boolean clientGone;

    /**
     * @param watched the tasks acknowledged, as read when the stream was opened
     * @param closing the result that ends the stream gracefully
     * @param end     when the stream ends at the latest, or {@code null} for no bound but the drain
     */
    ListenStream(JsonNode subscriptionId, ObjectNode acknowledgement, Map<String, McpTask> watched, ObjectNode closing,
                 TaskBook book, Lifecycle lifecycle, Runs runs, Instant end, ClientConnection connection) {
        this.subscriptionId = subscriptionId;
        this.acknowledgement = acknowledgement;
        this.watched = new LinkedHashMap<>(watched);
        this.closing = closing;
        this.book = book;
        this.lifecycle = lifecycle;
        this.runs = runs;
        this.end = end;
        this.connection = connection;
    }

    void run(EventSink sink) throws IOException {
        try (Runs.Hold hold = runs.hold(); TaskChanges.Watch watch = book.changes().watch(watched.keySet())) {
            connection.onClose(() -> {
                clientGone = true;
                watch.wake();
            });
            sink.send(frame(acknowledgement));
            for (McpTask task : new ArrayList<>(watched.values())) {
                show(sink, task);
            }
            Duration pause = FIRST_POLL;
            while (!watched.isEmpty()) {
                boolean woken = await(watch, untilEnd(pause));
                if (clientGone) {
                    return;
                }
                if (lifecycle.state() == Lifecycle.State.DRAINING || end != null && !Instant.now().isBefore(end)) {
                    break;
                }
                boolean changed = readAll(sink);
                if (!changed) {
                    sink.send(ServerSentEvents.comment());
                }
                pause = changed || woken ? FIRST_POLL : longer(pause);
            }
            sink.send(frame(closing));
        }
    }

    /** Reads every watched task and sends what changed; true when anything was sent. */
    private boolean readAll(EventSink sink) throws IOException {
        boolean changed = false;
        for (String taskId : new ArrayList<>(watched.keySet())) {
            Optional<McpTask> now;
            try {
                now = book.find(taskId);
            } catch (StoreUnavailableException e) {
                // Asked again at the next beat; the stream stays open meanwhile.
                return changed;
            }
            if (now.isEmpty()) {
                watched.remove(taskId);
                continue;
            }
            changed |= show(sink, now.get());
        }
        return changed;
    }

    /** Sends the task as {@code tasks/get} shows it, unless that is what was sent last; true when sent. */
    private boolean show(EventSink sink, McpTask task) throws IOException {
        if (task.terminal()) {
            watched.remove(task.id());
        }
        ObjectNode shown = task.detailed(book.ttlMs(), McpTasks.POLL_INTERVAL_MS);
        if (shown.equals(sent.get(task.id()))) {
            return false;
        }
        sent.put(task.id(), shown);
        ObjectNode params = Json.object();
        params.putObject(McpMessage.META).set(Listens.SUBSCRIPTION_ID, subscriptionId);
        params.setAll(shown);
        sink.send(frame(JsonRpc.notification(Listens.TASK_NOTIFICATION, params)));
        return true;
    }

    private static boolean await(TaskChanges.Watch watch, Duration pause) throws InterruptedIOException {
        try {
            return watch.await(pause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while listening");
        }
    }

    /** The pause, shortened so that the stream ends in time. */
    private Duration untilEnd(Duration pause) {
        if (end == null) {
            return pause;
        }
        Duration left = Duration.between(Instant.now(), end);
        return left.compareTo(pause) < 0 ? left : pause;
    }

    private static Duration longer(Duration pause) {
        Duration doubled = pause.multipliedBy(2);
        return doubled.compareTo(LAST_POLL) > 0 ? LAST_POLL : doubled;
    }

    private static byte[] frame(ObjectNode message) {
        return ServerSentEvents.event("message", Json.write(message));
    }
}
