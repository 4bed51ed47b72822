package dev.agentport.telemetry;

import dev.agentport.http.Body;
import dev.agentport.http.Filter;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.slf4j.spi.LoggingEventBuilder;

import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One access-log line per request on the logger {@code dev.agentport.access}, with {@code method}, {@code path},
 * {@code status}, {@code duration_ms} and {@code trace_id} as fields; an event stream is logged when it ends, with its
 * full duration. The trace id is the request's ({@link TraceIds#of}): put this filter inside
 * {@link RequestIdentities}, whose logging MDC then carries it (with the request id) onto the line.
 */
public final class AccessLog implements Filter {

    private static final Logger LOG = LoggerFactory.getLogger("dev.agentport.access");
    private static final int MAX_PATH_LENGTH = 512;

    private final Consumer<AccessEntry> out;

    AccessLog(Consumer<AccessEntry> out) {
        this.out = out;
    }

    /** {@code handler} with an access-log line for each request. */
    public static Handler wrap(Handler handler) {
        return new AccessLog(AccessLog::write).around(handler);
    }

    @Override
    public HttpResponse filter(HttpRequest request, Handler next) {
        long start = System.nanoTime();
        String traceId = TraceIds.of(request);
        HttpResponse response;
        try {
            response = next.handle(request);
        } catch (RuntimeException | Error e) {
            out.accept(entry(request, 500, start, traceId));
            throw e;
        }
        if (!(response.body() instanceof Body.EventStream(Body.StreamWriter writer))) {
            out.accept(entry(request, response.status(), start, traceId));
            return response;
        }
        return new HttpResponse(response.status(), response.headers(), Body.stream(sink -> {
            try {
                writer.writeTo(sink);
            } finally {
                out.accept(entry(request, response.status(), start, traceId));
            }
        }));
    }

    private static AccessEntry entry(HttpRequest request, int status, long start, String traceId) {
        String path = request.path();
        if (path.length() > MAX_PATH_LENGTH) {
            path = path.substring(0, MAX_PATH_LENGTH) + "...";
        }
        long durationMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        return new AccessEntry(request.method(), path, status, durationMs, traceId);
    }

    /** The trace id is a field of its own only when the MDC does not already put it on the line. */
    private static void write(AccessEntry entry) {
        LoggingEventBuilder line = LOG.atInfo()
                .addKeyValue("method", entry.method())
                .addKeyValue("path", entry.path())
                .addKeyValue("status", entry.status())
                .addKeyValue("duration_ms", entry.durationMs());
        if (!entry.traceId().equals(MDC.get(RequestIdentities.TRACE_ID))) {
            line = line.addKeyValue(RequestIdentities.TRACE_ID, entry.traceId());
        }
        // one concatenation rather than a pattern for Logback to parse on the request thread
        line.log(entry.method() + ' ' + entry.path() + ' ' + entry.status() + ' ' + entry.durationMs() + " ms");
    }
}
