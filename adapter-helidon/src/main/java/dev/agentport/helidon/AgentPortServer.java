package dev.agentport.helidon;

import dev.agentport.AgentPort;
import dev.agentport.agent.Agent;
import dev.agentport.helidon.transport.ConnectionClose;
import dev.agentport.helidon.transport.ConnectionSockets;
import dev.agentport.helidon.transport.SlowClientLimits;
import dev.agentport.helidon.transport.TimeoutAnswer;
import dev.agentport.helidon.transport.TransportSettings;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.logging.Observability;
import dev.agentport.runtime.Lifecycle;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.runtime.Settings;
import io.helidon.http.HeaderValues;
import io.helidon.webserver.CloseConnectionException;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/**
 * A Helidon SE 4 WebServer with the core mounted on every path. It only translates requests and responses; every
 * contract rule lives in the core.
 *
 * <pre>{@code
 * AgentPortServer.builder().agent(new MyAgent()).build().start();
 * }</pre>
 */
public final class AgentPortServer {

    private static final Logger LOG = LoggerFactory.getLogger(AgentPortServer.class);

    /** Where the server listens: every address, or loopback only for the local adapter. */
    static final String ALL_ADDRESSES = "0.0.0.0";
    static final String LOOPBACK = "127.0.0.1";

    private final GracefulShutdown shutdown = new GracefulShutdown(this::core, this::stop);
    private final AgentPort core;
    private final WebServer server;
    private final SlowClientLimits limits;
    private final int requestedPort;
    private final String host;

    /**
     * Builds the core on another thread while Helidon builds its server on this one: the two are the bulk of
     * start-up and need nothing from each other until the first request.
     */
    private AgentPortServer(AgentPort.Builder coreBuilder, RuntimeConfig config, TransportSettings transport,
                            String host) {
        CompletableFuture<AgentPort> building = CompletableFuture.supplyAsync(coreBuilder::build);
        int maxBodyBytes = config.maxBodyBytes();
        this.requestedPort = config.port();
        this.host = host;
        this.limits = new SlowClientLimits(transport);
        var builder = WebServer.builder()
                .host(host)
                .port(config.port())
                .shutdownHook(false) // GracefulShutdown's hook drains the core before the listener closes
                .shutdownGracePeriod(GracefulShutdown.LISTENER_WRAP_UP)
                .directHandlers(HelidonExchange.directHandlers(building::join))
                .routing(routing -> routing.any(ConnectionClose.honoured(
                        (request, response) -> serve(request, response, maxBodyBytes))));
        limits.apply(builder, () -> timeoutAnswer(building.join().transportError(408,
                "the client took too long to send the request headers")));
        ConnectionSockets.apply(builder);
        this.server = builder.build();
        this.core = joinCore(building);
    }

    /** The core's own exception (an invalid setting, say), not the wrapper it arrives in from the other thread. */
    private static AgentPort joinCore(CompletableFuture<AgentPort> building) {
        try {
            return building.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            if (e.getCause() instanceof Error cause) {
                throw cause;
            }
            throw e;
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Starts listening and begins loading the agent; {@code /health} answers "loading" until it is ready.
     *
     * @throws ServerStartException when the port cannot be bound (already in use, or not allowed)
     */
    public AgentPortServer start() {
        core.start(); // the agent loads on its own thread while the listener starts
        server.start();
        if (!server.isRunning()) {
            throw new ServerStartException("cannot listen on port " + requestedPort
                    + ": it is already in use or not allowed");
        }
        shutdown.onJvmShutdown();
        LOG.info("AgentPort listening on port {} of {}", server.port(), host);
        return this;
    }

    /**
     * Drains, then stops listening: new runs get 503 while runs in progress finish within the shutdown grace period,
     * and what still runs then is cancelled. SIGTERM does the same. Returns once the listener has stopped.
     */
    public void stop() {
        shutdown.drain();
        server.stop();
        core.closeStores();
    }

    /**
     * Waits until the agent has loaded, or failed to ({@link #start()} loads it in the background and answers runs 503
     * with {@code Retry-After} meanwhile): for code that embeds the server and calls it at once. Throws
     * {@link IllegalStateException} when it is still loading after {@code timeout}.
     */
    public AgentPortServer awaitLoaded(Duration timeout) throws InterruptedException {
        if (!core.lifecycle().awaitSettled(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("the agent was still loading after " + timeout);
        }
        return this;
    }

    /** The port actually bound (useful with {@code PORT=0}). */
    public int port() {
        return server.port();
    }

    public AgentPort core() {
        return core;
    }

    /** The listener's configuration as Helidon holds it, for tests. */
    WebServerConfig listenerConfig() {
        return server.prototype();
    }

    private boolean draining() {
        return core.lifecycle().state() == Lifecycle.State.DRAINING;
    }

    private void serve(ServerRequest request, ServerResponse response, int maxBodyBytes) throws IOException {
        HttpRequest coreRequest = request.content().hasEntity()
                ? limits.readBody(() -> HelidonExchange.toCore(request, maxBodyBytes))
                : HelidonExchange.toCore(request, maxBodyBytes);
        HttpResponse answer = core.handle(coreRequest);
        // While the server drains, every answer closes its connection, also that of a run begun before: a client must
        // not send its next request on a keep-alive connection the listener is about to close without an answer.
        boolean draining = draining();
        if (draining) {
            response.header(HeaderValues.CONNECTION_CLOSE);
        }
        HelidonExchange.write(answer, response);
        if (draining) {
            throw new CloseConnectionException("the server is draining");
        }
    }

    private static TimeoutAnswer timeoutAnswer(HttpResponse response) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        response.headers().forEach(headers::put);
        return new TimeoutAnswer(headers, response.bodyBytes());
    }

    public static final class Builder {
        private final AgentPort.Builder core = AgentPort.builder();
        private RuntimeConfig config;
        private Settings settings;
        private TransportSettings transport;
        private String host;

        private Builder() {
            JulBridge.install();
        }

        /** The agent to serve; without one, ServiceLoader discovery, then the built-in default agent. */
        public Builder agent(Agent agent) {
            core.agent(agent);
            return this;
        }

        /**
         * The parsed core settings; parsed from {@link #settings} when not given. Given without {@link #settings}, the
         * rest takes its defaults: the environment is not read.
         */
        public Builder config(RuntimeConfig config) {
            this.config = Objects.requireNonNull(config);
            return this;
        }

        /**
         * The raw settings everything is parsed from (see {@link AgentPort.Builder#settings}); read from the
         * environment, once, when neither this nor {@link #config} is given.
         */
        public Builder settings(Settings settings) {
            this.settings = Objects.requireNonNull(settings);
            return this;
        }

        /** Timeouts for slow and silent clients; parsed from the settings when not given. */
        public Builder transport(TransportSettings transport) {
            this.transport = Objects.requireNonNull(transport);
            return this;
        }

        /**
         * The address to listen on; by default every address, or {@value #LOOPBACK} with
         * {@code AGENT_LOCAL_ADAPTER=true}. The local adapter refuses non-loopback callers whatever the address.
         */
        public Builder host(String host) {
            this.host = Objects.requireNonNull(host);
            return this;
        }

        /** Every state store; when not set, the backend {@code AGENT_STATE_STORE} names (see AgentPort.Builder). */
        public Builder stateStores(dev.agentport.store.StateStores stores) {
            core.stateStores(stores);
            return this;
        }

        public Builder sessionStore(dev.agentport.session.SessionStore store) {
            core.sessionStore(store);
            return this;
        }

        /** Where A2A tasks live; when not set, the backend {@code AGENT_STATE_STORE} names. */
        public Builder taskStore(dev.agentport.task.TaskStore store) {
            core.taskStore(store);
            return this;
        }

        /** A face of your own (or one set up in code, replacing the one of the same name); see AgentPort.Builder. */
        public Builder face(dev.agentport.face.Face face) {
            core.face(face);
            return this;
        }

        /** Checks {@code LOG_LEVEL} and turns on OpenTelemetry export first; throws on an invalid setting. */
        public AgentPortServer build() {
            Settings given = settings != null ? settings
                    : config != null ? Settings.empty() : Settings.fromEnvironment();
            Observability.start(given.variables());
            RuntimeConfig parsed = config == null ? RuntimeConfig.from(given) : config;
            TransportSettings timeouts = transport == null ? TransportSettings.fromEnvironment(given.variables())
                    : transport;
            core.settings(given).config(parsed);
            String address = host != null ? host : parsed.localAdapter() ? LOOPBACK : ALL_ADDRESSES;
            return new AgentPortServer(core, parsed, timeouts, address);
        }
    }
}
