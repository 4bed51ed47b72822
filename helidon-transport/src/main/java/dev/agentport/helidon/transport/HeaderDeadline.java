package dev.agentport.helidon.transport;

import io.helidon.common.buffers.BufferData;
import io.helidon.http.Headers;
import io.helidon.http.HttpPrologue;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.http1.Http1ConnectionListener;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Bounds the time from a request line to the end of its headers: a client still sending headers when the time is up
 * gets 408 with the listener's {@link TimeoutAnswer}, and its connection is closed.
 */
final class HeaderDeadline implements Http1ConnectionListener {

    private final Duration timeout;
    private final ScheduledExecutorService timer;
    private final Supplier<TimeoutAnswer> answer;
    private final Map<ConnectionContext, ScheduledFuture<?>> pending = new ConcurrentHashMap<>();

    HeaderDeadline(Duration timeout, ScheduledExecutorService timer, Supplier<TimeoutAnswer> answer) {
        this.timeout = timeout;
        this.timer = timer;
        this.answer = answer;
    }

    @Override
    public void prologue(ConnectionContext ctx, HttpPrologue prologue) {
        pending.put(ctx, timer.schedule(() -> expire(ctx), timeout.toMillis(), TimeUnit.MILLISECONDS));
    }

    @Override
    public void headers(ConnectionContext ctx, Headers headers) {
        ScheduledFuture<?> deadline = pending.remove(ctx);
        if (deadline != null) {
            deadline.cancel(false);
        }
    }

    private void expire(ConnectionContext ctx) {
        if (pending.remove(ctx) == null) {
            return;
        }
        try {
            ctx.dataWriter().writeNow(BufferData.create(bytes(answer.get())));
        } catch (RuntimeException gone) {
            // The client may already have left; closing is all that is left to do.
        } finally {
            ctx.serverSocket().close();
        }
    }

    /**
     * The whole 408 response, written directly: Helidon's response objects belong to the connection's thread.
     */
    static byte[] bytes(TimeoutAnswer response) {
        StringBuilder head = new StringBuilder("HTTP/1.1 408 Request Timeout\r\n");
        response.headers().forEach((name, values) -> {
            if (!name.equalsIgnoreCase("Content-Length") && !name.equalsIgnoreCase("Connection")) {
                values.forEach(value -> head.append(name).append(": ").append(value).append("\r\n"));
            }
        });
        byte[] body = response.body();
        head.append("Content-Length: ").append(body.length).append("\r\nConnection: close\r\n\r\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(body);
        return out.toByteArray();
    }
}
