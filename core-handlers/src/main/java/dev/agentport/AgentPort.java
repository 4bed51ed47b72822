package dev.agentport;

import dev.agentport.agent.Agent;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agent.ResumableAgent;
import dev.agentport.card.AgentCard;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.face.DefaultErrors;
import dev.agentport.face.ErrorShape;
import dev.agentport.face.Face;
import dev.agentport.face.FaceContext;
import dev.agentport.face.Faces;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.Router;
import dev.agentport.modelagent.ModelAgents;
import dev.agentport.playground.Playground;
import dev.agentport.runtime.Lifecycle;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.runtime.Runs;
import dev.agentport.runtime.Settings;
import dev.agentport.session.SessionStore;
import dev.agentport.store.StateStoreBackends;
import dev.agentport.store.StateStoreSettings;
import dev.agentport.store.StateStores;
import dev.agentport.task.TaskStore;
import dev.agentport.telemetry.AccessLog;
import dev.agentport.telemetry.RequestIdentities;
import dev.agentport.telemetry.ServerSpans;
import dev.agentport.telemetry.TracingPresence;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The assembled core: one agent behind every contract face, as one transport-neutral {@link #handle handler}.
 * Adapters build one of these, call {@link #start()} (or {@link #startAndAwait()}), and hand it every request.
 *
 * <pre>{@code
 * AgentPort port = AgentPort.builder().agent(new MyAgent()).settings(Settings.fromEnvironment()).build();
 * }</pre>
 */
public final class AgentPort {

    private static final Logger LOG = LoggerFactory.getLogger(AgentPort.class);

    private final Agent agent;
    private final AgentDescriptor descriptor;
    private final RuntimeConfig config;
    private final Settings settings;
    private final Lifecycle lifecycle = new Lifecycle();
    private final Map<Class<?>, Object> shared = new ConcurrentHashMap<>();
    private final Runs runs;
    private final StateStores stores;
    private final List<String> faces;
    private final ErrorShape unownedPaths;
    private final String healthOwner;
    private final Handler handler;
    private final Clock clock;

    private AgentPort(Builder builder) {
        this.clock = builder.clock;
        this.settings = builder.resolvedSettings();
        this.config = builder.config == null ? RuntimeConfig.from(settings) : builder.config;
        this.agent = builder.agent == null ? discoverAgent(builder.classLoader, settings) : builder.agent;
        this.descriptor = describe(agent.descriptor(), config);
        StateStores opened = builder.stores != null ? builder.stores : StateStoreBackends.open(
                StateStoreSettings.fromEnvironment(settings.variables(), config.stateTtl()), builder.classLoader);
        this.stores = opened.with(builder.sessions, builder.tasks);
        boolean tracing = TracingPresence.of(settings.variables());
        this.runs = new Runs(agent, stores.sessions(), config.runTimeout(), config.workDir(), tracing);

        Map<String, Face> available = Faces.available(builder.classLoader, builder.faces);
        List<Face> enabled = Faces.enabled(available, config.faces(),
                face -> face.enabledByDefault(context(face, null, null, available.keySet().stream().toList())));
        this.faces = enabled.stream().map(Face::name).toList();
        this.healthOwner = config.healthOwner(faces);
        AgentCard.Builder card = AgentCard.builder(descriptor)
                .url(config.publicUrl())
                .resume(ResumableAgent.canResume(agent))
                .bearerAuth(config.authEnabled());
        for (Face face : enabled) {
            face.describe(context(face, null, null, faces), card);
        }
        AgentCard built = card.build();
        this.unownedPaths = enabled.stream()
                .map(face -> face.unownedPaths(context(face, built, null, faces)))
                .flatMap(java.util.Optional::stream)
                .findFirst()
                .orElseGet(DefaultErrors::plain);
        Router.Builder routes = Router.builder(unownedPaths);
        for (Face face : enabled) {
            face.mount(context(face, built, routes, faces));
        }
        if (Playground.enabled(settings)) {
            Playground.mount(routes, unownedPaths);
        }
        // telemetry around every face and target; each request's ids are decided once, inside its server span
        Handler identified = RequestIdentities.wrap(AccessLog.wrap(routes.build()), tracing);
        this.handler = tracing ? ServerSpans.wrap(identified) : identified;
    }

    private FaceContext context(Face face, AgentCard card, Router.Builder routes, List<String> enabled) {
        return FaceContext.builder(face.name())
                .descriptor(descriptor)
                .card(card)
                .config(config)
                .settings(settings)
                .runs(runs)
                .stores(stores)
                .lifecycle(lifecycle)
                .enabledFaces(enabled)
                .router(routes)
                .ownsHealth(face.name().equals(healthOwner))
                .shared(shared)
                .clock(clock)
                .build();
    }

    public static Builder builder() {
        return new Builder();
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
        return unownedPaths.transportError(status, null);
    }

    /** As {@link #transportError(int)}, with the adapter's explanation (never the caller's data) as the message. */
    public HttpResponse transportError(int status, String message) {
        return unownedPaths.transportError(status, message);
    }

    /** Starts loading the agent in the background and returns at once; {@code /health} says "loading" meanwhile. */
    public AgentPort start() {
        LOG.info("starting agent {} {} with faces {} and {}", descriptor.name(), descriptor.version(), faces, config);
        lifecycle.loadInBackground(agent, config.startupTimeout());
        return this;
    }

    /**
     * Shuts down gracefully: new runs are refused at once (503 with {@code Retry-After}, in each face's shape), runs in
     * progress may finish within {@code grace}, then what is left is cancelled and given a moment to write its final
     * event. Returns true when every run finished by itself.
     */
    public boolean drain(Duration grace) throws InterruptedException {
        lifecycle.beginDraining();
        return runs.drain(grace);
    }

    /** The names of the faces this server speaks, in order. */
    public List<String> faces() {
        return faces;
    }

    public Runs runs() {
        return runs;
    }

    /** Where conversations, paused runs, tasks and MCP sessions live. */
    public StateStores stores() {
        return stores;
    }

    /** Releases the state stores' connections; call after {@link #drain}. */
    public void closeStores() {
        try {
            stores.close();
        } catch (Exception e) {
            LOG.warn("closing the state stores failed: {}", e.toString());
        }
    }

    /** Loads the agent on this thread (serverless init phase), then returns. */
    public AgentPort startAndAwait() {
        LOG.info("starting agent {} {} with faces {} and {}", descriptor.name(), descriptor.version(), faces, config);
        lifecycle.load(agent);
        return this;
    }

    public RuntimeConfig config() {
        return config;
    }

    /** The raw settings everything here was parsed from. */
    public Settings settings() {
        return settings;
    }

    public Lifecycle lifecycle() {
        return lifecycle;
    }

    public AgentDescriptor descriptor() {
        return descriptor;
    }

    /**
     * The agent served: the one given to the builder, else the model agent {@code AGENT_MODEL_PROVIDER} names, else the
     * first {@link Agent} found by {@link ServiceLoader}, else the built-in {@link DefaultAgent}.
     */
    public Agent agent() {
        return agent;
    }

    /**
     * The agent when the builder was given none: the model agent {@code AGENT_MODEL_PROVIDER} names (it is asked for
     * by name, so it wins), else the first {@link Agent} found by {@link ServiceLoader}, else the built-in
     * {@link DefaultAgent}.
     */
    static Agent discoverAgent(ClassLoader classLoader, Settings settings) {
        Optional<Agent> model = ModelAgents.named(settings, classLoader);
        if (model.isPresent()) {
            return model.get();
        }
        Iterator<Agent> found = ServiceLoader.load(Agent.class, classLoader).iterator();
        if (found.hasNext()) {
            Agent agent = found.next();
            LOG.info("using agent {} found through ServiceLoader", agent.getClass().getName());
            return agent;
        }
        return DefaultAgent.from(settings);
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
        private Settings settings;
        private StateStores stores;
        private SessionStore sessions;
        private TaskStore tasks;
        private final List<Face> faces = new ArrayList<>();
        private Clock clock = Clock.systemUTC();
        /** The class loader of the thread that asked for the builder: where ServiceLoader looks for agents. */
        private final ClassLoader classLoader = Thread.currentThread().getContextClassLoader();

        private Builder() {
        }

        /** The agent to serve; when not set, one is discovered through ServiceLoader, else the default agent. */
        public Builder agent(Agent agent) {
            this.agent = Objects.requireNonNull(agent, "agent");
            return this;
        }

        /**
         * The parsed core settings; when not set, parsed from {@link #settings}. Given without {@link #settings}, the
         * rest (state store, faces' own settings, default agent) takes its defaults: the environment is not read.
         */
        public Builder config(RuntimeConfig config) {
            this.config = Objects.requireNonNull(config, "config");
            return this;
        }

        /**
         * The raw settings everything is parsed from: {@link RuntimeConfig} (unless {@link #config} is given), the
         * state store, each face's own and the default agent's. When neither this nor {@link #config} is given, they
         * are read from the environment, once.
         */
        public Builder settings(Settings settings) {
            this.settings = Objects.requireNonNull(settings, "settings");
            return this;
        }

        private Settings resolvedSettings() {
            if (settings != null) {
                return settings;
            }
            return config != null ? Settings.empty() : Settings.fromEnvironment();
        }

        /**
         * Every state store; when not set, the backend {@code AGENT_STATE_STORE} names (in memory by default).
         * {@link #sessionStore} and {@link #taskStore} replace single stores of it.
         */
        public Builder stateStores(StateStores stores) {
            this.stores = Objects.requireNonNull(stores, "stores");
            return this;
        }

        /** Where sessions and paused runs live; when not set, the backend {@code AGENT_STATE_STORE} names. */
        public Builder sessionStore(SessionStore sessions) {
            this.sessions = Objects.requireNonNull(sessions, "sessions");
            return this;
        }

        /** Where tasks live (status, history, artifacts); when not set, the backend {@code AGENT_STATE_STORE} names. */
        public Builder taskStore(TaskStore tasks) {
            this.tasks = Objects.requireNonNull(tasks, "tasks");
            return this;
        }

        /** A face of your own, next to those found through ServiceLoader; enable it by name in AGENT_FACES. */
        public Builder face(Face face) {
            faces.add(Objects.requireNonNull(face, "face"));
            return this;
        }

        /** The clock the faces judge time by (the leases on A2A tasks); the system's by default, moved by tests. */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        public AgentPort build() {
            return new AgentPort(this);
        }
    }
}
