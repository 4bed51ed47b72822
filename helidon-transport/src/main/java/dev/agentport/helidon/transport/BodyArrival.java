package dev.agentport.helidon.transport;

import io.helidon.http.HeaderNames;
import io.helidon.http.Headers;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.http1.Http1ConnectionListener;

/**
 * Notes, when a request's headers have been read, whether its whole body (a {@code Content-Length} one) came with
 * them; {@link SlowClientLimits#readBody} then reads it without a deadline, as reading it cannot wait for the client.
 * The note is kept on the connection's thread, which Helidon also runs the request's handler on, and is taken (read
 * and cleared) by the handler: a request whose note is missing, or read on another thread, gets the deadline.
 */
final class BodyArrival implements Http1ConnectionListener {

    private static final ThreadLocal<Boolean> CAME_WITH_HEADERS = new ThreadLocal<>();

    @Override
    public void headers(ConnectionContext ctx, Headers headers) {
        if (bodyHere(ctx, headers)) {
            CAME_WITH_HEADERS.set(Boolean.TRUE);
        } else if (CAME_WITH_HEADERS.get() != null) {
            CAME_WITH_HEADERS.remove();
        }
    }

    private static boolean bodyHere(ConnectionContext ctx, Headers headers) {
        if (!headers.contains(HeaderNames.CONTENT_LENGTH) || headers.contains(HeaderNames.TRANSFER_ENCODING)) {
            return false;
        }
        try {
            return Received.atLeast(ctx.dataReader(), headers.contentLength().orElse(Long.MAX_VALUE));
        } catch (RuntimeException notANumber) {
            return false; // Helidon answers it when it reads the body, under the deadline as before
        }
    }

    /** Whether the current request's body came whole with its headers; clears the note. */
    static boolean take() {
        if (CAME_WITH_HEADERS.get() == null) {
            return false;
        }
        CAME_WITH_HEADERS.remove();
        return true;
    }
}
