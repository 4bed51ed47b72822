package dev.agentport.gcf;

import com.google.cloud.functions.HttpFunction;
import com.google.cloud.functions.HttpRequest;
import com.google.cloud.functions.HttpResponse;
import dev.agentport.AgentPort;
import dev.agentport.logging.Observability;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.runtime.Settings;
import dev.agentport.store.StoreUnavailableException;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.Objects;

/**
 * The Cloud Functions entry point ({@code --entry-point dev.agentport.gcf.AgentPortFunction}): serves the agent found
 * through ServiceLoader, or the built-in default agent, configured from environment variables. It only translates
 * requests and responses; every contract rule lives in the core.
 */
public final class AgentPortFunction implements HttpFunction {

    private final AgentPort core;

    /** Used by the Functions Framework: shares the one core of this instance. */
    public AgentPortFunction() {
        this(Core.INSTANCE);
    }

    /** Serves a core built elsewhere (tests, or a function class of your own that picks the agent). */
    public AgentPortFunction(AgentPort core) {
        this.core = Objects.requireNonNull(core, "core");
    }

    @Override
    public void service(HttpRequest request, HttpResponse response) throws IOException {
        dev.agentport.http.HttpRequest coreRequest;
        try {
            coreRequest = GcfExchange.toCore(request, core.config().maxBodyBytes());
        } catch (IOException | RuntimeException unreadable) {
            // Jetty's Early EOF (a body cut short) and broken chunked framing: the client's bytes, not the server
            GcfExchange.write(core.transportError(400, "the request body could not be read"), response);
            return;
        }
        GcfExchange.write(core.handle(coreRequest), response);
    }

    /**
     * Built once per instance, on first use, and loaded before the first request is served (the platform counts this
     * as start-up time, so the first caller never sees "loading").
     */
    private static final class Core {
        static final AgentPort INSTANCE = build();

        private static AgentPort build() {
            try {
                Settings settings = Settings.fromEnvironment();
                Observability.start(settings.variables());
                return AgentPort.builder().settings(settings)
                        .config(RuntimeConfig.from(settings).refusingLocalAdapter("Google Cloud Functions"))
                        .build().startAndAwait();
            } catch (IllegalArgumentException | StoreUnavailableException cannotStart) {
                // One readable log line (an invalid AGENT_* or LOG_LEVEL value, a state store out of reach) before
                // the invoker's stack trace.
                LoggerFactory.getLogger(AgentPortFunction.class).error("agentport cannot start: {}",
                        cannotStart.getMessage());
                throw cannotStart;
            }
        }
    }
}
