package dev.agentport.telemetry;

import dev.agentport.http.Body;
import dev.agentport.http.Filter;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.RequestIdentity;
import org.slf4j.MDC;

import java.util.concurrent.Callable;

/**
 * Gives each request its {@link RequestIdentity} once, where it enters the core, and hands the handlers the request
 * carrying it. While the handler runs, and while an event stream's body is written, the ids are in the logging MDC as
 * {@code trace_id} and {@code request_id}, so every line logged for the request names them. Put this filter inside
 * {@link ServerSpans}, so that a request without trace headers takes the server span's trace id when tracing is on.
 */
public final class RequestIdentities implements Filter {

    /** The MDC key of the request's trace id. */
    public static final String TRACE_ID = "trace_id";
    /** The MDC key of the request's request id. */
    public static final String REQUEST_ID = "request_id";
    private static final int MAX_REQUEST_ID_LENGTH = 200;

    private final boolean tracing;

    private RequestIdentities(boolean tracing) {
        this.tracing = tracing;
    }

    /** {@code handler} given requests that carry their identity. */
    public static Handler wrap(Handler handler) {
        return wrap(handler, true);
    }

    /**
     * As {@link #wrap(Handler)}; with {@code tracing} false no span can be current (see {@link TracingPresence}), so
     * the current OpenTelemetry span is not asked for its trace id.
     */
    public static Handler wrap(Handler handler, boolean tracing) {
        return new RequestIdentities(tracing).around(handler);
    }

    @Override
    public HttpResponse filter(HttpRequest request, Handler next) {
        HttpRequest identified = request.identity() != null ? request
                : request.identified(identify(request, tracing));
        RequestIdentity identity = identified.identity();
        HttpResponse response;
        show(identity);
        try {
            response = next.handle(identified);
        } finally {
            forget();
        }
        if (!(response.body() instanceof Body.EventStream(Body.StreamWriter writer))) {
            return response;
        }
        return new HttpResponse(response.status(), response.headers(), Body.stream(sink -> {
            show(identity);
            try {
                writer.writeTo(sink);
            } finally {
                forget();
            }
        }));
    }

    /** {@code work}, to run on a worker thread of the request, with the request's ids in that thread's MDC. */
    public static <T> Callable<T> carried(Callable<T> work) {
        Shown ids = Shown.current();
        return ids == null ? work : () -> {
            try (Shown shown = ids.show()) {
                return work.call();
            }
        };
    }

    /** {@code work}, to run on a worker thread of the request, with the request's ids in that thread's MDC. */
    public static Runnable carried(Runnable work) {
        Shown ids = Shown.current();
        return ids == null ? work : () -> {
            try (Shown shown = ids.show()) {
                work.run();
            }
        };
    }

    /** The ids in this thread's MDC, to show on another thread for as long as it is open. */
    private record Shown(String traceId, String requestId) implements AutoCloseable {

        static Shown current() {
            String traceId = MDC.get(TRACE_ID);
            return traceId == null ? null : new Shown(traceId, MDC.get(REQUEST_ID));
        }

        Shown show() {
            RequestIdentities.show(traceId, requestId);
            return this;
        }

        @Override
        public void close() {
            forget();
        }
    }

    /** The request's trace id ({@link TraceIds}) and its caller's printable request id, else a new one. */
    static RequestIdentity identify(HttpRequest request, boolean tracing) {
        String requestId = callersRequestId(request);
        String traceId = TraceIds.given(request, tracing);
        if (traceId == null && requestId == null) {
            String[] made = RandomIds.traceAndRequestId();
            return new RequestIdentity(made[0], made[1]);
        }
        return new RequestIdentity(traceId != null ? traceId : RandomIds.traceId(),
                requestId != null ? requestId : RandomIds.requestId());
    }

    private static void show(RequestIdentity identity) {
        show(identity.traceId(), identity.requestId());
    }

    private static void show(String traceId, String requestId) {
        MDC.put(TRACE_ID, traceId);
        MDC.put(REQUEST_ID, requestId);
    }

    private static void forget() {
        MDC.remove(TRACE_ID);
        MDC.remove(REQUEST_ID);
    }

    /**
     * The caller's {@code X-Request-Id}, else the request id AgentCore Runtime passes on, when it is printable ASCII of
     * at most 200 characters; else null.
     */
    public static String callersRequestId(HttpRequest request) {
        String given = request.header(HttpHeaderNames.X_REQUEST_ID);
        if (given == null) {
            given = request.header(HttpHeaderNames.AGENTCORE_REQUEST_ID);
        }
        return given != null && isPrintable(given) ? given : null;
    }

    private static boolean isPrintable(String value) {
        if (value.isEmpty() || value.length() > MAX_REQUEST_ID_LENGTH) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                return false;
            }
        }
        return true;
    }
}
