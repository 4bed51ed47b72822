package dev.agentport.lambdalocal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.http.Headers;
import io.helidon.http.HttpPrologue;
import io.helidon.http.Status;
import io.helidon.webserver.CloseConnectionException;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http1.Http1Config;
import io.helidon.webserver.http1.Http1ConnectionListener;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The HTTP side of the emulator, standing in for API Gateway (buffered mode) or a Function URL (streaming mode):
 * each request becomes a payload 2.0 event, is queued for the runtime, and the function's answer goes back as HTTP.
 * In streaming mode {@link StreamingRelay} relays and flushes the body chunk by chunk, so SSE clients see each event
 * as it is written.
 */
public final class FrontServer implements AutoCloseable {

    /** Lambda's limit for a synchronous invocation payload (the event). */
    public static final int MAX_EVENT_BYTES = 6 * 1024 * 1024;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> NOT_RELAYED = Set.of("content-length", "transfer-encoding", "connection");

    private final Invocations invocations;
    private final Mode mode;
    private final Stamps stamps;
    private final Duration longestWait;
    private final Limits limits;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "front-deadlines");
        thread.setDaemon(true);
        return thread;
    });
    private final WebServer server;

    public FrontServer(int port, Mode mode, Invocations invocations, Stamps stamps, Duration longestWait) {
        this(port, mode, invocations, stamps, longestWait, Limits.fromEnvironment());
    }

    public FrontServer(int port, Mode mode, Invocations invocations, Stamps stamps, Duration longestWait,
                       Limits limits) {
        this.invocations = invocations;
        this.mode = mode;
        this.stamps = stamps;
        this.longestWait = longestWait;
        this.limits = limits;
        this.server = WebServer.builder()
                .port(port)
                .shutdownGracePeriod(Duration.ofSeconds(2))
                .idleConnectionTimeout(limits.idle())
                .idleConnectionPeriod(Duration.ofSeconds(1))
                .addProtocol(Http1Config.builder().addReceiveListener(new HeaderDeadline()).build())
                .routing(routing -> routing.any(this::serve))
                .build();
    }

    public FrontServer start() {
        server.start();
        return this;
    }

    public int port() {
        return server.port();
    }

    @Override
    public void close() {
        server.stop();
        timer.shutdownNow();
    }

    private void serve(ServerRequest request, ServerResponse response) throws IOException, InterruptedException {
        boolean close = request.headers().containsToken(HeaderValues.CONNECTION_CLOSE);
        answer(request, response);
        if (close) {
            // Helidon 4.5.0 answers "Connection: close" but keeps serving the connection (helidon-io/helidon issue
            // 12324, fixed in the first release after 4.5.3): end it here. Remove once on that release.
            throw new CloseConnectionException("the client asked to close the connection");
        }
    }

    private void answer(ServerRequest request, ServerResponse response) throws IOException, InterruptedException {
        byte[] body = readBodyInTime(request);
        if (body.length > MAX_EVENT_BYTES) {
            write(FunctionAnswer.frontError(413, "Request Entity Too Large"), response);
            return;
        }
        EventStamp stamp = stamps.next();
        byte[] event = eventBytes(toFrontRequest(request, body), stamp);
        if (event.length > MAX_EVENT_BYTES) {
            write(FunctionAnswer.frontError(413, "Request Entity Too Large"), response);
            return;
        }
        Invocation invocation = new Invocation(stamps.lambdaRequestId(), event, stamps.runtimeTraceId(stamp));
        invocations.submit(invocation);
        ReplyPart first = nextPart(invocation, longestWait);
        switch (first) {
            case ReplyPart.Failed failed -> write(FunctionAnswer.functionError(failed.error()), response);
            case ReplyPart.Started started when mode == Mode.STREAMING ->
                    new StreamingRelay(invocation, response, longestWait).relay(started);
            case ReplyPart.Started started -> write(bufferedAnswer(invocation), response);
            default -> throw new IllegalStateException("unexpected first reply part " + first);
        }
    }

    private byte[] eventBytes(FrontRequest request, EventStamp stamp) throws JsonProcessingException {
        return JSON.writeValueAsBytes(HttpEvents.toEvent(request, mode.eventSource(), stamp));
    }

    /** Collects a whole response and reads it as a payload 2.0 response. */
    private FunctionAnswer bufferedAnswer(Invocation invocation) throws InterruptedException {
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        while (true) {
            switch (nextPart(invocation, longestWait)) {
                case ReplyPart.Started ignored -> { }
                case ReplyPart.Chunk chunk -> payload.writeBytes(chunk.bytes());
                case ReplyPart.Failed failed -> {
                    return FunctionAnswer.functionError(failed.error());
                }
                case ReplyPart.Finished finished -> {
                    return finished.trailerError().map(FunctionAnswer::functionError)
                            .orElseGet(() -> FunctionAnswers.fromBufferedPayload(payload.toByteArray()));
                }
            }
        }
    }

    /** The next part; a runtime that says nothing for far too long counts as failed (timers normally fire first). */
    static ReplyPart nextPart(Invocation invocation, Duration longestWait) throws InterruptedException {
        return invocation.nextPart(longestWait).orElseGet(() -> new ReplyPart.Failed(
                new FunctionError("Runtime.Unavailable", "no answer from the runtime")));
    }

    /** A client that takes longer than the body timeout loses its connection (its reading thread is interrupted). */
    private byte[] readBodyInTime(ServerRequest request) throws IOException {
        Thread reader = Thread.currentThread();
        AtomicBoolean expired = new AtomicBoolean();
        ScheduledFuture<?> alarm = timer.schedule(() -> {
            expired.set(true);
            reader.interrupt();
        }, limits.body().toMillis(), TimeUnit.MILLISECONDS);
        try {
            return readBody(request);
        } catch (RuntimeException | IOException e) {
            if (expired.get()) {
                throw new CloseConnectionException("the client took too long to send the request body", e);
            }
            throw e;
        } finally {
            if (!alarm.cancel(false)) {
                while (!alarm.isDone()) {
                    Thread.onSpinWait();
                }
                Thread.interrupted();
            }
        }
    }

    private static byte[] readBody(ServerRequest request) throws IOException {
        if (!request.content().hasEntity()) {
            return new byte[0];
        }
        try (InputStream in = request.content().inputStream()) {
            return in.readNBytes(MAX_EVENT_BYTES + 1);
        }
    }

    static FrontRequest toFrontRequest(ServerRequest request, byte[] body) {
        List<HeaderField> headers = new ArrayList<>();
        request.headers().forEach(header -> header.allValues()
                .forEach(value -> headers.add(new HeaderField(header.name(), value))));
        String sourceIp = request.remotePeer().address() instanceof InetSocketAddress socket
                && socket.getAddress() != null ? socket.getAddress().getHostAddress() : request.remotePeer().host();
        return new FrontRequest(request.prologue().method().text(), request.path().rawPath(),
                request.query().rawValue(), request.prologue().protocol() + "/" + request.prologue().protocolVersion(),
                sourceIp, headers, body);
    }

    static void write(FunctionAnswer answer, ServerResponse response) {
        headers(answer, response);
        response.send(answer.body());
    }

    static OutputStream open(FunctionAnswer head, ServerResponse response) {
        headers(head, response);
        return response.outputStream();
    }

    private static void headers(FunctionAnswer answer, ServerResponse response) {
        response.status(Status.create(answer.status()));
        Map<String, List<String>> grouped = new LinkedHashMap<>();
        for (HeaderField field : answer.headers()) {
            if (!NOT_RELAYED.contains(field.name().toLowerCase(Locale.ROOT))) {
                grouped.computeIfAbsent(field.name(), name -> new ArrayList<>()).add(field.value());
            }
        }
        grouped.forEach((name, values) -> response.header(HeaderNames.create(name), values.toArray(String[]::new)));
    }

    /**
     * How long the front waits for slow and silent clients, from the server's own variables
     * ({@code AGENT_HEADER_TIMEOUT_SECONDS}, {@code AGENT_BODY_TIMEOUT_SECONDS}, {@code AGENT_IDLE_TIMEOUT_SECONDS};
     * defaults 10, 30 and 60).
     */
    public record Limits(Duration headers, Duration body, Duration idle) {

        public static Limits fromEnvironment() {
            return fromEnvironment(System.getenv());
        }

        public static Limits fromEnvironment(Map<String, String> env) {
            return new Limits(seconds(env, "AGENT_HEADER_TIMEOUT_SECONDS", 10),
                    seconds(env, "AGENT_BODY_TIMEOUT_SECONDS", 30), seconds(env, "AGENT_IDLE_TIMEOUT_SECONDS", 60));
        }

        private static Duration seconds(Map<String, String> env, String name, int fallback) {
            String value = env.get(name);
            if (value == null || value.isBlank()) {
                return Duration.ofSeconds(fallback);
            }
            try {
                int parsed = Integer.parseInt(value.strip());
                if (parsed >= 1 && parsed <= 3_600) {
                    return Duration.ofSeconds(parsed);
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException(name + " must be a whole number of seconds from 1 to 3600, got '"
                    + value.strip() + "'");
        }
    }

    /** Closes a connection whose headers are not complete within the header timeout of its request line. */
    private final class HeaderDeadline implements Http1ConnectionListener {
        private final Map<ConnectionContext, ScheduledFuture<?>> pending = new ConcurrentHashMap<>();

        @Override
        public void prologue(ConnectionContext ctx, HttpPrologue prologue) {
            pending.put(ctx, timer.schedule(() -> {
                if (pending.remove(ctx) != null) {
                    ctx.serverSocket().close();
                }
            }, limits.headers().toMillis(), TimeUnit.MILLISECONDS));
        }

        @Override
        public void headers(ConnectionContext ctx, Headers headers) {
            ScheduledFuture<?> deadline = pending.remove(ctx);
            if (deadline != null) {
                deadline.cancel(false);
            }
        }
    }

    /** Creates the ids and timestamps AWS would put on each request. */
    public record Stamps(Clock clock, String accountId, String region) {

        EventStamp next() {
            return new EventStamp(Ids.apiRequestId(), Ids.traceRoot(clock.instant()), clock.instant(), accountId,
                    region);
        }

        String lambdaRequestId() {
            return java.util.UUID.randomUUID().toString();
        }

        String runtimeTraceId(EventStamp stamp) {
            return stamp.traceId() + ";Parent=" + Ids.hex(8) + ";Sampled=0";
        }
    }
}
