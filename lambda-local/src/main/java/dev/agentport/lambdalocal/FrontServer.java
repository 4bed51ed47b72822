package dev.agentport.lambdalocal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentport.helidon.transport.ConnectionClose;
import dev.agentport.helidon.transport.ConnectionSockets;
import dev.agentport.helidon.transport.SlowClientLimits;
import dev.agentport.helidon.transport.TimeoutAnswer;
import dev.agentport.helidon.transport.TransportSettings;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.WebServer;
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
    private final SlowClientLimits limits;
    private final WebServer server;

    /** With the server's own transport settings, from this process's environment. */
    public FrontServer(int port, Mode mode, Invocations invocations, Stamps stamps, Duration longestWait) {
        this(port, mode, invocations, stamps, longestWait, TransportSettings.fromEnvironment(System.getenv()));
    }

    public FrontServer(int port, Mode mode, Invocations invocations, Stamps stamps, Duration longestWait,
                       TransportSettings transport) {
        this.invocations = invocations;
        this.mode = mode;
        this.stamps = stamps;
        this.longestWait = longestWait;
        this.limits = new SlowClientLimits(transport);
        var builder = WebServer.builder()
                .port(port)
                .shutdownGracePeriod(Duration.ofSeconds(2))
                .directHandlers(FrontRefusals.handlers())
                .routing(routing -> routing.any(ConnectionClose.honoured(this::answer)));
        limits.apply(builder, FrontServer::headerTimeoutAnswer);
        ConnectionSockets.apply(builder);
        this.server = builder.build();
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
    }

    /** A client too slow with its headers gets 408 with a JSON message, the way the front reports its own errors. */
    private static TimeoutAnswer headerTimeoutAnswer() {
        FunctionAnswer answer = FunctionAnswer.frontError(408, "Request Timeout");
        return new TimeoutAnswer(relayedHeaders(answer), answer.body());
    }

    private void answer(ServerRequest request, ServerResponse response) throws IOException, InterruptedException {
        byte[] body = limits.readBody(() -> readBody(request));
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
        relayedHeaders(answer).forEach((name, values) -> response.header(HeaderNames.create(name),
                values.toArray(String[]::new)));
    }

    /** The answer's headers by name, without those the front sets itself. */
    private static Map<String, List<String>> relayedHeaders(FunctionAnswer answer) {
        Map<String, List<String>> grouped = new LinkedHashMap<>();
        for (HeaderField field : answer.headers()) {
            if (!NOT_RELAYED.contains(field.name().toLowerCase(Locale.ROOT))) {
                grouped.computeIfAbsent(field.name(), name -> new ArrayList<>()).add(field.value());
            }
        }
        return grouped;
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
