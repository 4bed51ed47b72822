package dev.agentport.a2a.tasks;

import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskState;
import dev.agentport.agent.Artifact;
import dev.agentport.http.Body;
import dev.agentport.http.EventSink;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.runtime.Lifecycle;
import dev.agentport.runtime.Runs;
import dev.agentport.store.StoreUnavailableException;
import dev.agentport.task.StoredTask;
import dev.agentport.task.TaskLeases;
import dev.agentport.telemetry.TraceIds;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The stream of a task that runs on another instance, read from the shared task store: the task as stored, then an
 * artifact update for every artifact not sent yet and a status update for every stored status change, polled every
 * 250 ms, backing off to 1 s while nothing changes. It ends like a local stream, with the state the task stopped in
 * (terminal or {@code input-required}), or earlier with the last state read: at the run timeout, at the request's
 * deadline, or when the server drains. An idle poll writes a comment, so a client that left is noticed within a second.
 */
public final class StoredTaskFollower {

    static final Duration FIRST_POLL = Duration.ofMillis(250);
    static final Duration LAST_POLL = Duration.ofSeconds(1);
    private final TaskLeases leases;
    private final Lifecycle lifecycle;
    private final Runs runs;

    /** @param runs the engine, whose deadline rule bounds a stream as it bounds the run it follows */
    public StoredTaskFollower(TaskLeases leases, Lifecycle lifecycle, Runs runs) {
        this.leases = leases;
        this.lifecycle = lifecycle;
        this.runs = runs;
    }

    /** The stream of the task stored as {@code start}, in the binding's {@code frames}. */
    public HttpResponse follow(StoredTask start, TaskFrames frames, HttpRequest request) {
        Instant end = runs.deadline(request.deadline());
        CountDownLatch clientGone = new CountDownLatch(1);
        request.connection().onClose(clientGone::countDown);
        return HttpResponse.builder(200)
                .contentType(ServerSentEvents.CONTENT_TYPE)
                .setHeader(HttpHeaderNames.CACHE_CONTROL, "no-cache")
                .setHeader(HttpHeaderNames.X_ACCEL_BUFFERING, "no")
                .body(Body.stream(sink -> new Follow(sink, frames, start, end, clientGone,
                        TraceIds.of(request)).run()))
                .build();
    }

    /** One client's stream: what it was sent so far, and the loop that sends the rest. */
    private final class Follow {

        private final EventSink sink;
        private final TaskFrames frames;
        private final Instant end;
        private final CountDownLatch clientGone;
        private final String traceId;
        private final Map<String, Artifact> sent = new HashMap<>();
        private StoredTask last;

        Follow(EventSink sink, TaskFrames frames, StoredTask start, Instant end, CountDownLatch clientGone,
               String traceId) {
            this.sink = sink;
            this.frames = frames;
            this.last = start;
            this.end = end;
            this.clientGone = clientGone;
            this.traceId = traceId;
        }

        void run() throws IOException {
            A2aTask task = last.task();
            sink.send(frames.task(task));
            task.artifacts().forEach(artifact -> sent.put(artifact.artifactId(), artifact));
            if (stopsTheStream(task.status().state())) {
                sendFinal(task);
                return;
            }
            Duration pause = FIRST_POLL;
            while (true) {
                if (waitForClientToLeave(untilEnd(pause))) {
                    return;
                }
                if (lifecycle.state() == Lifecycle.State.DRAINING || (end != null && !Instant.now().isBefore(end))) {
                    sendFinal(last.task());
                    return;
                }
                Optional<StoredTask> now;
                try {
                    now = leases.get(task.id());
                } catch (StoreUnavailableException e) {
                    AgentFailures.storeUnavailable(e, traceId, "task subscription");
                    sink.send(frames.storeUnavailable());
                    return;
                }
                if (now.isEmpty()) {
                    // Expired from the store meanwhile: nothing more will be known of it.
                    sendFinal(last.task());
                    return;
                }
                if (now.get().version() == last.version()) {
                    sink.send(ServerSentEvents.comment());
                    pause = pause.multipliedBy(2).compareTo(LAST_POLL) > 0 ? LAST_POLL : pause.multipliedBy(2);
                    continue;
                }
                if (sendChanges(now.get())) {
                    return;
                }
                pause = FIRST_POLL;
            }
        }

        /** Sends what changed since the last read; true when the task stopped and the stream has ended. */
        private boolean sendChanges(StoredTask now) throws IOException {
            A2aTask task = now.task();
            for (Artifact artifact : task.artifacts()) {
                if (!artifact.equals(sent.get(artifact.artifactId()))) {
                    sent.put(artifact.artifactId(), artifact);
                    sink.send(frames.artifactUpdate(task.id(), task.contextId(), artifact, false, true));
                }
            }
            boolean statusChanged = !task.status().equals(last.task().status());
            last = now;
            if (stopsTheStream(task.status().state())) {
                sendFinal(task);
                return true;
            }
            if (statusChanged) {
                sink.send(frames.statusUpdate(task.id(), task.contextId(), task.status(), false, null));
            }
            return false;
        }

        /** The pause, shortened so that the stream ends in time. */
        private Duration untilEnd(Duration pause) {
            if (end == null) {
                return pause;
            }
            Duration left = Duration.between(Instant.now(), end);
            return left.compareTo(pause) < 0 ? left : pause;
        }

        /** Waits {@code pause}; true when the adapter reported meanwhile that the client has gone. */
        private boolean waitForClientToLeave(Duration pause) throws InterruptedIOException {
            try {
                return clientGone.await(pause.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while following a task");
            }
        }

        private void sendFinal(A2aTask task) throws IOException {
            sink.send(frames.statusUpdate(task.id(), task.contextId(), task.status(), true, task.metadata()));
        }
    }

    /** A local stream ends at these states too: the task is over, or waits for an answer. */
    private static boolean stopsTheStream(TaskState state) {
        return state.isTerminal() || state == TaskState.INPUT_REQUIRED;
    }
}
