package dev.agentport;

import dev.agentport.agent.Agent;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agentbreeder.AgentBreederFace;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.Router;
import dev.agentport.runtime.Lifecycle;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.runtime.Runs;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.session.SessionStore;
import dev.agentport.telemetry.AccessLog;
import dev.agentport.telemetry.ServerSpans;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Iterator;
import java.util.Objects;
import java.util.ServiceLoader;

/**
 * The assembled core: one agent behind every contract face, as one transport-neutral {@link #handle handler}.
 * Adapters build one of these, call {@link #start()} (or {@link #startAndAwait()}), and hand it every request.
 *
 * <pre>{@code
 * AgentPort port = AgentPort.builder().agent(new MyAgent()).config(RuntimeConfig.fromEnvironment()).build();
 * }</pre>
 */
public final class AgentPort {

    private static final Logger LOG = LoggerFactory.getLogger(AgentPort.class);

    private final Agent agent;
    private final AgentDescriptor descriptor;
    private final RuntimeConfig config;
    private final Lifecycle lifecycle = new Lifecycle();
    private final Handler handler;

    private AgentPort(Builder builder) {
        this.agent = builder.agent == null ? discoverAgent(builder.classLoader) : builder.agent;
        this.config = builder.config == null ? RuntimeConfig.fromEnvironment() : builder.config;
        this.descriptor = describe(agent.descriptor(), config);
        SessionStore sessions = builder.sessions == null ? new InMemorySessionStore() : builder.sessions;
        Runs runs = new Runs(agent, sessions, config.runTimeout());
        Router.Builder routes = Router.builder(AgentBreederFace.fallbacks());
        AgentBreederFace.mount(routes, descriptor, runs, lifecycle, config);
        this.handler = ServerSpans.wrap(AccessLog.wrap(routes.build())); // telemetry around every face and target
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The default agent or a discovered one, configured from the environment. */
    public static AgentPort fromEnvironment() {
        return builder().build();
    }

    /** Serves one request. Never throws: every failure comes back as a response in the contract's error shape. */
    public HttpResponse handle(HttpRequest request) {
        return handler.handle(request);
    }

    /**
     * The answer to a request the adapter's HTTP layer refused before the core could see it (bad request line,
     * oversized headers): the contract's error shape with the given status.
     */
    public HttpResponse transportError(int status) {
        return AgentBreederFace.transportError(status);
    }

    /** As {@link #transportError(int)}, with the adapter's explanation (never the caller's data) as the message. */
    public HttpResponse transportError(int status, String message) {
        return AgentBreederFace.transportError(status, message);
    }

    /** Starts loading the agent in the background and returns at once; {@code /health} says "loading" meanwhile. */
    public AgentPort start() {
        LOG.info("starting agent {} {} with {}", descriptor.name(), descriptor.version(), config);
        lifecycle.loadInBackground(agent);
        return this;
    }

    /** Loads the agent on this thread (serverless init phase), then returns. */
    public AgentPort startAndAwait() {
        LOG.info("starting agent {} {} with {}", descriptor.name(), descriptor.version(), config);
        lifecycle.load(agent);
        return this;
    }

    public RuntimeConfig config() {
        return config;
    }

    public Lifecycle lifecycle() {
        return lifecycle;
    }

    public AgentDescriptor descriptor() {
        return descriptor;
    }

    /**
     * The agent: the one given to the builder, else the first {@link Agent} found by {@link ServiceLoader}, else the
     * built-in {@link DefaultAgent}.
     */
    static Agent discoverAgent(ClassLoader classLoader) {
        Iterator<Agent> found = ServiceLoader.load(Agent.class, classLoader).iterator();
        if (found.hasNext()) {
            Agent agent = found.next();
            LOG.info("using agent {} found through ServiceLoader", agent.getClass().getName());
            return agent;
        }
        return DefaultAgent.fromEnvironment();
    }

    private static AgentDescriptor describe(AgentDescriptor own, RuntimeConfig config) {
        AgentDescriptor descriptor = own;
        if (config.agentName() != null) {
            descriptor = descriptor.withName(config.agentName());
        }
        if (config.agentVersion() != null) {
            descriptor = descriptor.withVersion(config.agentVersion());
        }
        if (config.agentFramework() != null) {
            descriptor = descriptor.withFramework(config.agentFramework());
        }
        return descriptor;
    }

    public static final class Builder {
        private Agent agent;
        private RuntimeConfig config;
        private SessionStore sessions;
        /** The class loader of the thread that asked for the builder: where ServiceLoader looks for agents. */
        private final ClassLoader classLoader = Thread.currentThread().getContextClassLoader();

        private Builder() {
        }

        /** The agent to serve; when not set, one is discovered through ServiceLoader, else the default agent. */
        public Builder agent(Agent agent) {
            this.agent = Objects.requireNonNull(agent, "agent");
            return this;
        }

        /** Settings; when not set, read from the environment. */
        public Builder config(RuntimeConfig config) {
            this.config = Objects.requireNonNull(config, "config");
            return this;
        }

        /** Where sessions and paused runs live; in memory when not set. */
        public Builder sessionStore(SessionStore sessions) {
            this.sessions = Objects.requireNonNull(sessions, "sessions");
            return this;
        }

        public AgentPort build() {
            return new AgentPort(this);
        }
    }
}
