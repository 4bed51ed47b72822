package dev.agentport.lambdalocal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

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
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;

/**
 * The HTTP side of the emulator, standing in for API Gateway (buffered mode) or a Function URL (streaming mode):
 * each request becomes a payload 2.0 event, is queued for the runtime, and the function's answer goes back as HTTP.
 * In streaming mode the body is relayed and flushed chunk by chunk, so SSE clients see each event as it is written.
 */
public final class FrontServer implements AutoCloseable {

    /** Lambda's limit for a synchronous invocation payload (the event). */
    public static final int MAX_EVENT_BYTES = 6 * 1024 * 1024;

    private static final Logger LOG = Logger.getLogger(FrontServer.class.getName());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> NOT_RELAYED = Set.of("content-length", "transfer-encoding", "connection");

    private final Invocations invocations;
    private final Mode mode;
    private final Stamps stamps;
    private final Duration longestWait;
    private final WebServer server;

    public FrontServer(int port, Mode mode, Invocations invocations, Stamps stamps, Duration longestWait) {
        this.invocations = invocations;
        this.mode = mode;
        this.stamps = stamps;
        this.longestWait = longestWait;
        this.server = WebServer.builder()
                .port(port)
                .shutdownGracePeriod(Duration.ofSeconds(2))
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
    }

    private void serve(ServerRequest request, ServerResponse response) throws IOException, InterruptedException {
        byte[] body = readBody(request);
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
        ReplyPart first = nextPart(invocation);
        switch (first) {
            case ReplyPart.Failed failed -> write(FunctionAnswer.functionError(failed.error()), response);
            case ReplyPart.Started started when mode == Mode.STREAMING -> relay(invocation, started, response);
            case ReplyPart.Started started -> write(bufferedAnswer(invocation), response);
            default -> throw new IllegalStateException("unexpected first reply part " + first);
        }
    }

    private byte[] eventBytes(FrontRequest request, EventStamp stamp) throws JsonProcessingException {
        return JSON.writeValueAsBytes(HttpEvents.toEvent(request, mode.eventSource(), stamp));
    }

    /** Collects a whole response and reads it as a payload 2.0 response. */
    private FunctionAnswer bufferedAnswer(Invocation invocation) throws InterruptedException {
        java.io.ByteArrayOutputStream payload = new java.io.ByteArrayOutputStream();
        while (true) {
            switch (nextPart(invocation)) {
                case ReplyPart.Chunk chunk -> payload.writeBytes(chunk.bytes());
                case ReplyPart.Finished finished when finished.trailerError().isPresent() ->
                        { return FunctionAnswer.functionError(finished.trailerError().get()); }
                case ReplyPart.Finished finished -> { return FunctionAnswers.fromBufferedPayload(payload.toByteArray()); }
                case ReplyPart.Failed failed -> { return FunctionAnswer.functionError(failed.error()); }
                case ReplyPart.Started ignored -> { }
            }
        }
    }

    /**
     * Writes a streamed response: with the http-integration-response content type, status and headers come from
     * the JSON prelude before the 8 NUL bytes; otherwise the status is 200 and the function's content type is kept.
     */
    private void relay(Invocation invocation, ReplyPart.Started started, ServerResponse response)
            throws IOException, InterruptedException {
        boolean hasPrelude = started.contentType().toLowerCase(Locale.ROOT)
                .startsWith(FunctionAnswers.HTTP_INTEGRATION_RESPONSE);
        PreludeSplitter splitter = new PreludeSplitter();
        OutputStream out = null;
        if (!hasPrelude) {
            out = open(new FunctionAnswer(200, List.of(new HeaderField("Content-Type", started.contentType())),
                    new byte[0]), response);
        }
        while (true) {
            ReplyPart part = nextPart(invocation);
            if (part instanceof ReplyPart.Chunk chunk && out == null) {
                Optional<PreludeSplitter.Split> split;
                try {
                    split = splitter.feed(chunk.bytes());
                } catch (IllegalStateException noDelimiter) {
                    write(FunctionAnswer.functionError(new FunctionError("Function.MalformedResponse",
                            noDelimiter.getMessage())), response);
                    return;
                }
                if (split.isPresent()) {
                    FunctionAnswer head = FunctionAnswers.fromStreamingPrelude(split.get().prelude());
                    if (head.status() == 502 && head.body().length > 0) {
                        write(head, response);
                        return;
                    }
                    out = open(head, response);
                    if (!send(out, split.get().bodyStart())) {
                        return;
                    }
                }
            } else if (part instanceof ReplyPart.Chunk chunk) {
                if (!send(out, chunk.bytes())) {
                    return;
                }
            } else if (part instanceof ReplyPart.Finished finished) {
                finished.trailerError().ifPresent(error -> LOG.warning("streamed response of "
                        + invocation.requestId() + " ended with " + error.errorType() + ": " + error.errorMessage()));
                if (out == null) {
                    write(FunctionAnswer.functionError(finished.trailerError().orElse(new FunctionError(
                            "Function.MalformedResponse", "the streamed response ended before its prelude"))),
                            response);
                } else {
                    out.close();
                }
                return;
            } else if (part instanceof ReplyPart.Failed failed) {
                if (out == null) {
                    write(FunctionAnswer.functionError(failed.error()), response);
                } else {
                    out.close();
                }
                return;
            }
        }
    }

    /** Writes one chunk and flushes it; false when the client has gone (the function keeps running, as on AWS). */
    private static boolean send(OutputStream out, byte[] bytes) {
        try {
            if (bytes.length > 0) {
                out.write(bytes);
                out.flush();
            }
            return true;
        } catch (IOException | java.io.UncheckedIOException clientGone) {
            LOG.fine("client left during a streamed response");
            return false;
        }
    }

    private ReplyPart nextPart(Invocation invocation) throws InterruptedException {
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

    private static void write(FunctionAnswer answer, ServerResponse response) {
        headers(answer, response);
        response.send(answer.body());
    }

    private static OutputStream open(FunctionAnswer head, ServerResponse response) {
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
