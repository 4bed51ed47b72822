package dev.agentport.helidon.transport;

import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.webserver.CloseConnectionException;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.RoutingResponse;

/**
 * {@code Connection: close} honoured: the answer says so, and the connection ends after it. Helidon 4.5.0 answers
 * "Connection: close" but keeps the connection open and serving (helidon-io/helidon issue 12324, fixed in the first
 * release after 4.5.3). Remove once on that release.
 */
public final class ConnectionClose {

    private ConnectionClose() {
    }

    /** {@code handler}, ending the connection after its answer when the client asked for that. */
    public static Handler honoured(Handler handler) {
        return (request, response) -> {
            // contains() first: containsToken streams over the values, and most requests send no Connection header
            boolean close = request.headers().contains(HeaderNames.CONNECTION)
                    && request.headers().containsToken(HeaderValues.CONNECTION_CLOSE);
            if (close) {
                response.header(HeaderValues.CONNECTION_CLOSE);
            }
            handler.handle(request, response);
            if (close) {
                // Helidon ends an output-stream answer (a chunked body's last chunk) only after the handler returns,
                // and never once the connection is closed: end it now.
                if (response instanceof RoutingResponse routing) {
                    routing.commit();
                }
                throw new CloseConnectionException("the client asked to close the connection");
            }
        };
    }
}
