package dev.agentport.helidon.transport;

import dev.agentport.base.Deadlines;
import dev.agentport.base.Deadlines.Deadline;
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
import java.util.function.Supplier;

/**
 * Bounds the time from a request line to the end of its headers: a client still sending headers when the time is up
 * gets 408 with the listener's {@link TimeoutAnswer}, and its connection is closed. The time is kept by the one
 * deadline sweeper ({@link Deadlines}): the 408 comes at most {@link Deadlines#PERIOD} after the timeout. Headers that
 * arrived whole with their request line (most do) are read without waiting for the client, and get no deadline.
 */
final class HeaderDeadline implements Http1ConnectionListener {

    private final Duration timeout;
    private final Supplier<TimeoutAnswer> answer;
    private final Map<ConnectionContext, Deadline> pending = new ConcurrentHashMap<>();

    HeaderDeadline(Duration timeout, Supplier<TimeoutAnswer> answer) {
        this.timeout = timeout;
        this.answer = answer;
    }

    @Override
    public void prologue(ConnectionContext ctx, HttpPrologue prologue) {
        if (Received.headerBlock(ctx.dataReader())) {
            return;
        }
        // The 408 is written on a thread of its own: a client that reads nothing must not hold up other deadlines
        pending.put(ctx, Deadlines.after(timeout, () -> Thread.ofVirtual().start(() -> expire(ctx))));
    }

    @Override
    public void headers(ConnectionContext ctx, Headers headers) {
        if (pending.isEmpty()) {
            return;
        }
        Deadline deadline = pending.remove(ctx);
        if (deadline != null) {
            deadline.cancel();
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
