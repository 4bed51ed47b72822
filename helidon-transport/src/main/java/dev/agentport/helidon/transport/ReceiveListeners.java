package dev.agentport.helidon.transport;

import io.helidon.http.Headers;
import io.helidon.http.HttpPrologue;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.http1.Http1ConnectionListener;

import java.util.List;

/**
 * Several receive listeners as the one {@code Http1Config} is given. Helidon 4.5.0 joins the listeners added to it
 * into one that forwards neither the prologue nor the headers, so with two added neither would hear of a request.
 */
final class ReceiveListeners implements Http1ConnectionListener {

    private final List<Http1ConnectionListener> listeners;

    private ReceiveListeners(List<Http1ConnectionListener> listeners) {
        this.listeners = listeners;
    }

    static Http1ConnectionListener of(Http1ConnectionListener... listeners) {
        return new ReceiveListeners(List.of(listeners));
    }

    @Override
    public void prologue(ConnectionContext ctx, HttpPrologue prologue) {
        for (Http1ConnectionListener listener : listeners) {
            listener.prologue(ctx, prologue);
        }
    }

    @Override
    public void headers(ConnectionContext ctx, Headers headers) {
        for (Http1ConnectionListener listener : listeners) {
            listener.headers(ctx, headers);
        }
    }
}
