package dev.agentport.face;

import dev.agentport.agent.AgentDescriptor;
import dev.agentport.card.AgentCard;
import dev.agentport.http.Filter;
import dev.agentport.http.Router;
import dev.agentport.runtime.Lifecycle;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.runtime.Runs;
import dev.agentport.runtime.Settings;
import dev.agentport.store.StateStores;
import dev.agentport.task.Leases;
import dev.agentport.task.TaskStore;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * What the core hands each face: the agent's description and card, the settings (parsed, and raw for the face's own),
 * the runs, the state stores and the lifecycle, the names of the other enabled faces, what faces share (through
 * {@link #shared}), the clock, and the router (through {@link #routes}).
 */
public final class FaceContext {

    private final String face;
    private final AgentDescriptor descriptor;
    private final AgentCard card;
    private final RuntimeConfig config;
    private final Settings settings;
    private final Runs runs;
    private final StateStores stores;
    private final Lifecycle lifecycle;
    private final List<String> enabledFaces;
    private final Router.Builder router;
    private final boolean ownsHealth;
    private final Map<Class<?>, Object> shared;
    private final Clock clock;

    private FaceContext(Builder builder) {
        this.face = builder.face;
        this.descriptor = builder.descriptor;
        this.card = builder.card;
        this.config = builder.config;
        this.settings = builder.settings;
        this.runs = builder.runs;
        this.stores = builder.stores;
        this.lifecycle = builder.lifecycle;
        this.enabledFaces = List.copyOf(builder.enabledFaces);
        this.router = builder.router;
        this.ownsHealth = builder.ownsHealth;
        this.shared = builder.shared;
        this.clock = builder.clock;
    }

    /** A context for the face named {@code face}; what is not set is null, or empty, or the system's clock. */
    public static Builder builder(String face) {
        return new Builder(face);
    }

    /**
     * The one {@code type} of this server, made by {@code create} for the first face that asks: state that several
     * faces serve (the A2A tasks running here, which both A2A faces start and follow).
     */
    public <T> T shared(Class<T> type, Supplier<T> create) {
        Object made = shared.get(type);
        if (made != null) {
            return type.cast(made);
        }
        // Not computeIfAbsent: create may ask for another shared thing (the task runner for its leases), and a map
        // updated from inside its own computeIfAbsent fails ("Recursive update") whenever both keys share a bin.
        synchronized (shared) {
            made = shared.get(type);
            if (made == null) {
                made = create.get();
                shared.put(type, made);
            }
            return type.cast(made);
        }
    }

    /** The routes of this face: each is wrapped in {@code filter}; wrong methods are answered by {@code fallbacks}. */
    public FaceRoutes routes(Filter filter, Router.Fallbacks fallbacks) {
        return new FaceRoutes(router, face, filter, fallbacks);
    }

    /** The routes of this face, unwrapped; wrong methods are answered by {@code fallbacks}. */
    public FaceRoutes routes(Router.Fallbacks fallbacks) {
        return routes(Filter.NONE, fallbacks);
    }

    public AgentDescriptor descriptor() {
        return descriptor;
    }

    /** The agent card every face renders in its own form. */
    public AgentCard card() {
        return card;
    }

    public RuntimeConfig config() {
        return config;
    }

    /**
     * The raw settings the server was built with, from which a face parses its own ({@code AGENT_MCP_*}, ...); never
     * read the process environment instead.
     */
    public Settings settings() {
        return settings;
    }

    public Runs runs() {
        return runs;
    }

    /** Where tasks live, for faces that keep tasks between requests. */
    public TaskStore tasks() {
        return stores.tasks();
    }

    /**
     * The leases by which this instance holds the tasks it runs, one for every face's tasks (A2A's and MCP's), on
     * {@link #clock()} with the term {@code AGENT_TASK_LEASE_SECONDS} sets.
     */
    public Leases leases() {
        return shared(Leases.class, () -> new Leases(clock, Leases.term(settings)));
    }

    /** Every state store (conversations, tasks, MCP sessions), all from the backend {@code AGENT_STATE_STORE} names. */
    public StateStores stores() {
        return stores;
    }

    /** The time by which a face judges what it keeps (the leases on tasks); the system's unless a test moves it. */
    public Clock clock() {
        return clock;
    }

    public Lifecycle lifecycle() {
        return lifecycle;
    }

    /** Names of the enabled faces, in {@code AGENT_FACES} order. */
    public List<String> enabledFaces() {
        return enabledFaces;
    }

    /**
     * Whether this face owns {@code /health}: {@code AGENT_HEALTH_FORMAT} names it, or, when that is not set, it is
     * the first enabled face that has a health form.
     */
    public boolean ownsHealth() {
        return ownsHealth;
    }

    public static final class Builder {

        private final String face;
        private AgentDescriptor descriptor;
        private AgentCard card;
        private RuntimeConfig config;
        private Settings settings;
        private Runs runs;
        private StateStores stores;
        private Lifecycle lifecycle;
        private List<String> enabledFaces = List.of();
        private Router.Builder router;
        private boolean ownsHealth;
        private Map<Class<?>, Object> shared = new ConcurrentHashMap<>();
        private Clock clock = Clock.systemUTC();

        private Builder(String face) {
            this.face = face;
        }

        public Builder descriptor(AgentDescriptor descriptor) {
            this.descriptor = descriptor;
            return this;
        }

        /** The card; null while the faces are still describing the agent for it. */
        public Builder card(AgentCard card) {
            this.card = card;
            return this;
        }

        public Builder config(RuntimeConfig config) {
            this.config = config;
            return this;
        }

        public Builder settings(Settings settings) {
            this.settings = settings;
            return this;
        }

        public Builder runs(Runs runs) {
            this.runs = runs;
            return this;
        }

        public Builder stores(StateStores stores) {
            this.stores = stores;
            return this;
        }

        public Builder lifecycle(Lifecycle lifecycle) {
            this.lifecycle = lifecycle;
            return this;
        }

        public Builder enabledFaces(List<String> enabledFaces) {
            this.enabledFaces = enabledFaces;
            return this;
        }

        /** The router the face adds its routes to; null before the faces are mounted. */
        public Builder router(Router.Builder router) {
            this.router = router;
            return this;
        }

        public Builder ownsHealth(boolean ownsHealth) {
            this.ownsHealth = ownsHealth;
            return this;
        }

        /** The server's one map of what faces share: the same map for every face's context. */
        public Builder shared(Map<Class<?>, Object> shared) {
            this.shared = shared;
            return this;
        }

        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        public FaceContext build() {
            return new FaceContext(this);
        }
    }
}
