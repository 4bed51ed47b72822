package dev.agentport.langchain4j;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * One streamed HTTP call of a {@link CancellableHttpClient}, which {@link #stop()} closes: its pending response, or the
 * body once the headers came. LangChain4j's own handle to a stream arrives only with its first event, so a run that
 * stops earlier, or while the provider holds the connection open, needs this one. A call is handed to whoever
 * {@linkplain #observe observes} the thread that starts it: the model's {@code chat} starts it on the run's thread.
 */
final class StreamingCall {

    private static final ThreadLocal<Consumer<StreamingCall>> OBSERVER = new ThreadLocal<>();

    private Future<?> response;
    private InputStream body;
    private boolean stopped;

    private StreamingCall() {
    }

    /** Runs {@code start}, handing each call it starts on this thread to {@code observer}. */
    static void observe(Consumer<StreamingCall> observer, Runnable start) {
        Consumer<StreamingCall> outer = OBSERVER.get();
        OBSERVER.set(observer);
        try {
            start.run();
        } finally {
            OBSERVER.set(outer);
        }
    }

    /** A new call, already handed to this thread's observer if there is one. */
    static StreamingCall start() {
        StreamingCall call = new StreamingCall();
        Consumer<StreamingCall> observer = OBSERVER.get();
        if (observer != null) {
            observer.accept(call);
        }
        return call;
    }

    synchronized void awaiting(Future<?> pending) {
        response = pending;
        if (stopped) {
            pending.cancel(true);
        }
    }

    /** Keeps the response's body so {@link #stop()} can close it; false (and the body closed) if already stopped. */
    synchronized boolean reading(InputStream responseBody) {
        body = responseBody;
        if (stopped) {
            closeQuietly(responseBody);
        }
        return !stopped;
    }

    synchronized boolean stopped() {
        return stopped;
    }

    /** Cancels the pending response and closes the body, which closes the connection. */
    synchronized void stop() {
        stopped = true;
        if (response != null) {
            response.cancel(true);
        }
        if (body != null) {
            closeQuietly(body);
        }
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException alreadyGone) {
            // the connection is closed either way
        }
    }
}
