package dev.agentport.helidon;

import dev.agentport.AgentPort;
import dev.agentport.helidon.transport.ClientFaults;
import dev.agentport.http.Body;
import dev.agentport.http.BoundedBody;
import dev.agentport.http.EventSink;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import io.helidon.http.DirectHandler;
import io.helidon.http.Header;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.DirectHandlers;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.function.Supplier;

/** Translates between Helidon's request and response and the core's. No contract logic lives here. */
final class HelidonExchange {

    private HelidonExchange() {
    }

    /**
     * Reads at most {@code maxBodyBytes + 1} bytes, so the core can tell an over-long body without holding it. The
     * request's connection stays unknown: Helidon does not tell a running handler that its client has left (a stream
     * notices at its next write).
     */
    static HttpRequest toCore(ServerRequest request, int maxBodyBytes) throws IOException {
        HttpRequest.Builder core = HttpRequest.builder(request.prologue().method().text(),
                        request.path().rawPath())
                .rawQuery(request.query().rawValue())
                .remotePeer(request.remotePeer()::host);
        for (Header header : request.headers()) {
            if (header.valueCount() == 1) {
                core.header(header.name(), header.get());
            } else {
                for (String value : header.allValues()) {
                    core.header(header.name(), value);
                }
            }
        }
        if (request.content().hasEntity()) {
            long declared = request.headers().contentLength().orElse(-1);
            try (InputStream in = request.content().inputStream()) {
                core.body(BoundedBody.read(in, declared, maxBodyBytes));
            }
        }
        return core.build();
    }

    /** Writes the core's response; an event stream is written and flushed frame by frame. */
    static void write(HttpResponse response, ServerResponse out) throws IOException {
        out.status(Status.create(response.status()));
        response.headers().forEach((name, values) -> out.header(values.size() == 1
                ? ResponseHeaders.of(name, values.get(0))
                : ResponseHeaders.of(name, values)));
        // Tests of the type rather than a pattern switch: a switch's first run makes a class, which the AOT cache does
        // not keep, and this is the first answer's path (start-up to the first healthy /health).
        Body body = response.body();
        if (body instanceof Body.Bytes bytes) {
            out.send(bytes.bytes());
        } else if (body instanceof Body.EventStream stream) {
            try (OutputStream written = out.outputStream()) {
                stream.writer().writeTo(sink(written));
            }
        } else {
            // what the switch's exhaustiveness gave: a body type added to Body must be written here
            throw new IllegalStateException("no way to write a body of type " + body.getClass().getName());
        }
    }

    /**
     * Requests Helidon refuses itself (bad request line, oversized headers, ...) are answered in the contract's error
     * shape too, instead of Helidon's empty default.
     */
    static DirectHandlers directHandlers(Supplier<AgentPort> core) {
        DirectHandler handler = (request, eventType, status, headers, message) -> {
            Status answered = ClientFaults.status(request, eventType, status);
            HttpResponse error = core.get().transportError(answered.code());
            DirectHandler.TransportResponse.Builder response = DirectHandler.TransportResponse.builder()
                    .status(answered)
                    .keepAlive(false)
                    .entity(error.bodyBytes());
            error.headers().forEach((name, values) ->
                    response.header(HeaderNames.create(name), values.toArray(String[]::new)));
            return response.build();
        };
        DirectHandlers.Builder handlers = DirectHandlers.builder();
        for (DirectHandler.EventType type : DirectHandler.EventType.values()) {
            handlers.addHandler(type, handler);
        }
        return handlers.build();
    }

    private static EventSink sink(OutputStream body) {
        return frame -> {
            try {
                body.write(frame);
                body.flush();
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        };
    }
}
