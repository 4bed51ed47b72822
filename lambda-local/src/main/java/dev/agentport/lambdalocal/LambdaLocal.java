package dev.agentport.lambdalocal;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The assembled emulator: front server, invocation queue, Runtime API and the supervised function process.
 *
 * <pre>{@code
 * try (LambdaLocal local = LambdaLocal.start(settings, runtimeApi -> Launches.forMode(...))) {
 *     // HTTP on local.port()
 * }
 * }</pre>
 */
public final class LambdaLocal implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LambdaLocal.class);

    /** How long an invocation may wait for the runtime to take it: time for a cold start on top of the timeout. */
    private static final Duration INIT_ALLOWANCE = Duration.ofSeconds(10);

    private final Invocations invocations;
    private final RuntimeApiServer runtimeApi;
    private final FunctionProcess function;
    private final FrontServer front;

    private LambdaLocal(Invocations invocations, RuntimeApiServer runtimeApi, FunctionProcess function,
                        FrontServer front) {
        this.invocations = invocations;
        this.runtimeApi = runtimeApi;
        this.function = function;
        this.front = front;
    }

    /**
     * Starts everything; the function process first, so that its cold start overlaps the front's start.
     *
     * @param launchFor the function's launch, given the Runtime API address ({@code host:port})
     */
    public static LambdaLocal start(LocalSettings settings, Function<String, FunctionLaunch> launchFor)
            throws IOException {
        Duration pickupWait = settings.timeout().plus(INIT_ALLOWANCE);
        Invocations invocations = new Invocations(settings.timeout(), pickupWait, Clock.systemUTC());
        ColdStartClock coldStart = new ColdStartClock();
        RuntimeApiServer runtimeApi = new RuntimeApiServer(new RuntimeApiRoutes(invocations, settings.functionArn(),
                coldStart)).start();
        FunctionProcess function = new FunctionProcess(launchFor.apply(runtimeApi.address()),
                () -> {
                    invocations.runtimeStarting();
                    coldStart.started();
                },
                exitCode -> {
                    runtimeApi.dropConnections();
                    invocations.runtimeExited(exitCode);
                },
                invocations::awaitDemandAfterInitFailure);
        invocations.onTimeout(function::restart);
        coldStart.measuring(function);
        function.start();
        FrontServer front;
        try {
            front = new FrontServer(settings.port(), settings.mode(), invocations,
                    new FrontServer.Stamps(Clock.systemUTC(), LocalSettings.ACCOUNT_ID, settings.region()),
                    pickupWait.plus(settings.timeout()).plusSeconds(5)).start();
        } catch (RuntimeException cannotListen) {
            function.close();
            invocations.close();
            runtimeApi.close();
            throw cannotListen;
        }
        if (front.port() < 0) {
            // Helidon logs a failed bind and carries on without a listener; that is no emulator.
            front.close();
            function.close();
            invocations.close();
            runtimeApi.close();
            throw new IOException("port " + settings.port() + " cannot be bound (already in use?)");
        }
        LOG.info("lambda-local (" + settings.mode().name().toLowerCase(java.util.Locale.ROOT) + ") on port "
                + front.port() + ", Runtime API on " + runtimeApi.address());
        return new LambdaLocal(invocations, runtimeApi, function, front);
    }

    /** The port the front listens on. */
    public int port() {
        return front.port();
    }

    /** Stops the front, then the function (and its process tree), then the Runtime API. */
    @Override
    public void close() {
        front.close();
        function.close();
        invocations.close();
        runtimeApi.close();
    }
}
