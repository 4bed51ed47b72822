package dev.agentport.helidon;

import dev.agentport.http.HttpResponse;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.http1.Http1Config;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;

/**
 * The listener's protection against slow and silent clients ({@link TransportSettings}), and HTTP/1.0 support,
 * applied to a Helidon server builder.
 */
final class SlowClientLimits {

    /** How often Helidon looks for idle connections; an idle one is closed at most this long after its timeout. */
    private static final Duration IDLE_CHECK_PERIOD = Duration.ofSeconds(1);

    private final TransportSettings settings;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "agentport-deadlines");
        thread.setDaemon(true);
        return thread;
    });

    SlowClientLimits(TransportSettings settings) {
        this.settings = settings;
    }

    /** {@code timeoutAnswer} is the 408 a client gets when it is too slow with its headers. */
    void apply(WebServerConfig.Builder server, Supplier<HttpResponse> timeoutAnswer) {
        Http1Config http1 = Http1Config.builder()
                .addReceiveListener(new HeaderDeadline(settings.headerTimeout(), timer, timeoutAnswer))
                .build();
        server.idleConnectionTimeout(settings.idleTimeout())
                .idleConnectionPeriod(IDLE_CHECK_PERIOD)
                .addProtocol(http1)
                .addConnectionSelector(new Http10ConnectionSelector(http1));
    }

    BodyDeadline bodyDeadline() {
        return BodyDeadline.start(settings.bodyTimeout(), timer);
    }

    void close() {
        timer.shutdownNow();
    }
}
