package dev.agentport.helidon.transport;

import io.helidon.webserver.CloseConnectionException;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.http1.Http1Config;

import java.io.IOException;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * A listener's protection against slow and silent clients ({@link TransportSettings}), and HTTP/1.0 support,
 * applied to a Helidon server builder.
 */
public final class SlowClientLimits {

    /** How often Helidon looks for idle connections; an idle one is closed at most this long after its timeout. */
    private static final Duration IDLE_CHECK_PERIOD = Duration.ofSeconds(1);

    /** Longest request line read: Helidon's limit of the headers, 16 KiB. */
    private static final int MAX_REQUEST_LINE = 16 * 1024;

    private final TransportSettings settings;

    public SlowClientLimits(TransportSettings settings) {
        this.settings = settings;
    }

    /** {@code timeoutAnswer} is the 408 a client gets when it is too slow with its headers. */
    public void apply(WebServerConfig.Builder server, Supplier<TimeoutAnswer> timeoutAnswer) {
        Http1Config http1 = Http1Config.builder()
                // Helidon 4.5.0 waits for more bytes, instead of answering 414, when a request line is longer than
                // this; as long as the header limit, a long line is read and answered like any other
                .maxPrologueLength(MAX_REQUEST_LINE)
                .addReceiveListener(ReceiveListeners.of(new HeaderDeadline(settings.headerTimeout(), timeoutAnswer),
                        new BodyArrival()))
                .build();
        server.idleConnectionTimeout(settings.idleTimeout())
                .idleConnectionPeriod(IDLE_CHECK_PERIOD)
                .addProtocol(http1)
                .addConnectionSelector(new Http10ConnectionSelector(http1));
    }

    /**
     * Reads a request body within the body timeout; a client still sending when it is up loses its connection
     * (Helidon closes it on the {@link CloseConnectionException}). A body whose framing is at fault is a 400
     * ({@link ClientFaults}). A body that came whole with the headers ({@link BodyArrival}) is read without a deadline.
     */
    public <T> T readBody(BodyRead<T> read) throws IOException {
        if (BodyArrival.take()) {
            try {
                return read.read();
            } catch (RuntimeException e) {
                throw ClientFaults.whileReadingBody(e);
            }
        }
        try (BodyDeadline deadline = BodyDeadline.start(settings.bodyTimeout())) {
            try {
                return read.read();
            } catch (RuntimeException e) {
                throw deadline.expired() ? tooSlow(e) : ClientFaults.whileReadingBody(e);
            } catch (IOException e) {
                if (deadline.expired()) {
                    throw tooSlow(e);
                }
                throw e;
            }
        }
    }

    private static CloseConnectionException tooSlow(Exception cause) {
        return new CloseConnectionException("the client took too long to send the request body", cause);
    }

    /** Reads a request body on the calling thread. */
    @FunctionalInterface
    public interface BodyRead<T> {
        T read() throws IOException;
    }
}
