package dev.agentport.lambda;

import dev.agentport.AgentPort;
import dev.agentport.http.Body;
import dev.agentport.http.HttpResponse;
import dev.agentport.lambda.events.HttpEvent;
import dev.agentport.lambda.events.HttpEvents;
import dev.agentport.lambda.events.InvalidHttpEventException;
import dev.agentport.lambda.events.NotAnHttpEventException;
import dev.agentport.lambda.events.PayloadFormat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;

/**
 * One invocation whose response goes back whole: event bytes in, response event bytes out. An event stream is
 * collected into a buffer first (API Gateway and buffered Function URLs buffer anyway), so the caller gets the same
 * SSE bytes, all at once.
 */
final class BufferedInvocation {

    private BufferedInvocation() {
    }

    /**
     * @throws NotAnHttpEventException when the event is not an HTTP event; there is no HTTP caller to answer
     */
    static byte[] handle(AgentPort core, byte[] eventBytes, Instant deadline) {
        HttpEvent event;
        try {
            event = HttpEvents.read(HttpEvents.parse(eventBytes), deadline);
        } catch (InvalidHttpEventException e) {
            HttpResponse bad = core.transportError(400, "the HTTP event could not be read: " + e.getMessage());
            return HttpEvents.write(e.format(), bad, bad.bodyBytes());
        }
        HttpResponse response = core.handle(event.request());
        return write(event.format(), response);
    }

    private static byte[] write(PayloadFormat format, HttpResponse response) {
        // instanceof, not a pattern switch: its bootstrap spins a class (and loads the class-file API) on the cold start
        byte[] body = response.body() instanceof Body.EventStream stream
                ? collect(stream)
                : ((Body.Bytes) response.body()).bytes();
        return HttpEvents.write(format, response, body);
    }

    private static byte[] collect(Body.EventStream stream) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream(4096);
        try {
            stream.writer().writeTo(buffer::write);
        } catch (IOException e) {
            throw new UncheckedIOException("a buffer cannot fail", e);
        }
        return buffer.toByteArray();
    }
}
