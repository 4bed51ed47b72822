package dev.agentport.lambda;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import dev.agentport.AgentPort;
import dev.agentport.base.JdkWarmUp;
import dev.agentport.logging.Observability;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.runtime.Settings;
import dev.agentport.store.StoreUnavailableException;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Instant;
import java.util.Objects;

/**
 * The handler of the managed java21 runtime: {@code dev.agentport.lambda.LambdaHandler::handleRequest}. Serves API
 * Gateway HTTP API (payload 1.0 and 2.0), REST API and Function URL events with the agent found through ServiceLoader,
 * or the built-in default agent, configured from environment variables.
 *
 * <p>The core is built once per execution environment, in the init phase, and primed before a SnapStart snapshot
 * (see {@link Priming}; an on-demand cold start registers no hook). Lambda's remaining time becomes the request's
 * deadline, so a run that would outlive the invocation ends with the contract's DEADLINE_EXCEEDED error instead of
 * being killed.
 */
public final class LambdaHandler implements RequestStreamHandler {

    private final AgentPort core;

    /** Used by the Lambda runtime: the core configured from the environment. */
    public LambdaHandler() {
        this(EnvironmentCore.CORE);
    }

    /** A handler over a given core (tests, benchmarks, embedding). */
    public LambdaHandler(AgentPort core) {
        this.core = Objects.requireNonNull(core, "core");
    }

    /** The core this handler serves. */
    AgentPort core() {
        return core;
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        try {
            output.write(BufferedInvocation.handle(core, input.readAllBytes(), deadline(context)));
        } finally {
            Observability.flush(); // Lambda freezes the process once this returns
        }
    }

    /**
     * The function's deadline: now plus Lambda's remaining time (the run engine keeps its margin before it); none when
     * the context gives no positive remaining time.
     */
    static Instant deadline(Context context) {
        long remaining = context == null ? 0 : context.getRemainingTimeInMillis();
        return remaining > 0 ? Instant.now().plusMillis(remaining) : null;
    }

    /** Built when the runtime first loads the handler, that is in Lambda's init phase (and before a snapshot). */
    private static final class EnvironmentCore {
        static final AgentPort CORE;
        /**
         * Held here so the CRaC context, which may keep resources weakly, cannot lose the hook; {@code null} unless
         * Lambda initialises this environment for a SnapStart snapshot.
         */
        static final Priming PRIMING;

        static {
            JdkWarmUp.startWithSha256();
            Settings settings;
            try {
                settings = Settings.fromEnvironment();
                Observability.start(settings.variables());
                CORE = AgentPort.builder().settings(settings)
                        .config(RuntimeConfig.from(settings).refusingLocalAdapter("AWS Lambda"))
                        .build().startAndAwait();
            } catch (IllegalArgumentException | StoreUnavailableException cannotStart) {
                // A setting the server cannot start with, or a state store it cannot reach: one line, no stack trace.
                LoggerFactory.getLogger(LambdaHandler.class).error("agentport cannot start: {}",
                        cannotStart.getMessage());
                throw new StartUpError(cannotStart.getMessage());
            }
            PRIMING = Priming.register(CORE, settings.variables());
        }
    }
}
