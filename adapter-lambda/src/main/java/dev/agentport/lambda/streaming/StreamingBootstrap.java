package dev.agentport.lambda.streaming;

import dev.agentport.AgentPort;
import dev.agentport.http.Body;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpResponse;
import dev.agentport.base.JdkWarmUp;
import dev.agentport.lambda.events.HttpEvents;
import dev.agentport.lambda.events.InvalidHttpEventException;
import dev.agentport.lambda.events.NotAnHttpEventException;
import dev.agentport.lambda.events.StreamingPrelude;
import dev.agentport.logging.Observability;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.runtime.Settings;
import dev.agentport.store.StoreUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

/**
 * The custom runtime ({@code provided.al2023}) for Function URLs with {@code InvokeMode: RESPONSE_STREAM}: loops over
 * the Lambda Runtime API, maps each event with the same code as the managed handler, and streams the response: the
 * JSON prelude (status, headers, cookies), eight NUL bytes, then the body, each SSE frame sent as the agent emits it.
 *
 * <p>Needs {@code AWS_LAMBDA_RUNTIME_API}; reads the agent settings from the environment like every target.
 */
public final class StreamingBootstrap {

    static {
        JdkWarmUp.startWithSha256(); // before the logger below: setting up logging is the cold start's first work
    }

    private static final Logger LOG = LoggerFactory.getLogger(StreamingBootstrap.class);

    private final RuntimeApi api;
    private final AgentPort core;
    private final Handler handler;

    StreamingBootstrap(RuntimeApi api, AgentPort core) {
        this(api, core, core::handle);
    }

    /** @param handler what serves each request: the core's own handler, or a test's stand-in */
    StreamingBootstrap(RuntimeApi api, AgentPort core, Handler handler) {
        this.api = api;
        this.core = core;
        this.handler = handler;
    }

    public static void main(String[] args) throws InterruptedException {
        Settings settings = Settings.fromEnvironment();
        RuntimeApi api;
        try {
            api = RuntimeApi.from(settings);
        } catch (IllegalStateException e) {
            System.err.println("agentport: " + e.getMessage());
            System.exit(2);
            return;
        }
        System.exit(start(api, settings, () -> core(settings)));
    }

    /** The core configured from {@code settings}; an invalid setting, or the local adapter, throws. */
    static AgentPort core(Settings settings) {
        return AgentPort.builder().settings(settings)
                .config(RuntimeConfig.from(settings).refusingLocalAdapter("AWS Lambda")).build();
    }

    /**
     * Builds and loads the core, then serves invocations until the Runtime API goes away. A failed start-up is
     * reported to {@code /runtime/init/error}. Returns the process exit code: always non-zero, as Lambda only stops a
     * runtime that failed.
     */
    static int start(RuntimeApi api, Settings settings, Supplier<AgentPort> core) throws InterruptedException {
        AgentPort started;
        try {
            Observability.start(settings.variables());
            started = core.get().startAndAwait();
        } catch (IllegalArgumentException | StoreUnavailableException cannotStart) {
            LOG.error("agentport cannot start: {}", cannotStart.getMessage());
            reportInitError(api, cannotStart);
            return 1;
        } catch (RuntimeException | LinkageError e) {
            LOG.error("agentport cannot start", e);
            reportInitError(api, e);
            return 1;
        }
        new StreamingBootstrap(api, started).run();
        return 1;
    }

    /** Serves invocations until the Runtime API goes away. */
    void run() throws InterruptedException {
        while (true) {
            Invocation invocation;
            try {
                invocation = api.next();
            } catch (IOException e) {
                LOG.error("the Runtime API cannot be reached; stopping", e);
                return;
            }
            try {
                serve(invocation);
            } catch (IOException e) {
                LOG.error("could not answer invocation {}", invocation.requestId(), e);
            } catch (RuntimeException e) {
                LOG.error("invocation {} failed", invocation.requestId(), e);
                reportInvocationError(invocation.requestId(), e);
            }
            Observability.flush(); // before the next /next, after which Lambda may freeze the process
        }
    }

    /** Reports a failure before the response started as that invocation's error; the loop goes on either way. */
    private void reportInvocationError(String requestId, RuntimeException error) {
        try {
            api.invocationError(requestId, "Runtime.HandlerError", error.getClass().getName());
        } catch (IOException | RuntimeException e) {
            LOG.error("could not report the failure of invocation {} to the Runtime API", requestId, e);
        }
    }

    private void serve(Invocation invocation) throws IOException, InterruptedException {
        HttpResponse response;
        try {
            response = handler.handle(HttpEvents.read(HttpEvents.parse(invocation.event()),
                    invocation.deadline())
                    .request());
        } catch (NotAnHttpEventException e) {
            api.invocationError(invocation.requestId(), "Runtime.UnsupportedEvent", e.getMessage());
            return;
        } catch (InvalidHttpEventException e) {
            response = core.transportError(400, "the HTTP event could not be read: " + e.getMessage());
        }
        stream(invocation.requestId(), response);
    }

    private void stream(String requestId, HttpResponse response) throws IOException, InterruptedException {
        StreamingBody body = api.startResponse(requestId, StreamingPrelude.CONTENT_TYPE);
        boolean written = false;
        try {
            body.send(StreamingPrelude.of(response));
            // instanceof, not a pattern switch: its bootstrap spins a class on the cold start
            if (response.body() instanceof Body.EventStream stream) {
                stream.writer().writeTo(body::send);
            } else {
                body.send(((Body.Bytes) response.body()).bytes());
            }
            body.finish();
            written = true;
        } catch (IOException gone) {
            // The Runtime API ended the response: the client left (a local emulator says so by failing the
            // request), or the invocation is over. Writing failed, so the core has cancelled the run.
            LOG.info("the response of {} ended early, so its run was cancelled: {}", requestId, gone.toString());
            body.fail(gone);
        } catch (RuntimeException e) {
            LOG.error("invocation {} failed after its response started; aborting the response", requestId, e);
            body.fail(new IOException(e));
        }
        try {
            RuntimeApiExchange.Reply answer = body.reply().get();
            if (answer.status() != 202) {
                LOG.warn("the Runtime API answered {} to the response of {}: {}", answer.status(), requestId,
                        answer.text());
            }
        } catch (ExecutionException e) {
            if (written) {
                LOG.warn("the response of {} was not delivered completely: {}", requestId, e.getCause().toString());
            }
        }
    }

    private static void reportInitError(RuntimeApi api, Throwable error) {
        try {
            api.initError("Runtime.InitError", String.valueOf(error.getMessage()));
        } catch (IOException e) {
            LOG.error("could not report the start-up failure to the Runtime API", e);
        }
    }
}
