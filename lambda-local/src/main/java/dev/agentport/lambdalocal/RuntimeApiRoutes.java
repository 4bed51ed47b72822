package dev.agentport.lambdalocal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Lambda Runtime API endpoints (version 2018-06-01), as the AWS runtime interface client and custom runtimes
 * call them:
 * <ul>
 *   <li>{@code GET  /2018-06-01/runtime/invocation/next}: long-poll for the next event;</li>
 *   <li>{@code POST /2018-06-01/runtime/invocation/{id}/response}: the answer, whole or streamed
 *       ({@code Lambda-Runtime-Function-Response-Mode: streaming}, chunked, optional error trailers);</li>
 *   <li>{@code POST /2018-06-01/runtime/invocation/{id}/error}: the function failed;</li>
 *   <li>{@code POST /2018-06-01/runtime/init/error}: the function could not start.</li>
 * </ul>
 */
public final class RuntimeApiRoutes {

    static final String BASE = "/2018-06-01/runtime/";

    /** Lambda's limit for a buffered (non-streamed) response payload. */
    public static final int MAX_BUFFERED_RESPONSE_BYTES = 6 * 1024 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(RuntimeApiRoutes.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ERROR_TYPE = "lambda-runtime-function-error-type";
    private static final String ERROR_BODY = "lambda-runtime-function-error-body";

    private final Invocations invocations;
    private final String functionArn;
    private final RuntimeObserver observer;

    /**
     * @param functionArn the value of {@code Lambda-Runtime-Invoked-Function-Arn}
     * @param observer    told when the runtime asks for an invocation, is given one and answers it (used for the
     *                    cold-start log line)
     */
    public RuntimeApiRoutes(Invocations invocations, String functionArn, RuntimeObserver observer) {
        this.invocations = invocations;
        this.functionArn = functionArn;
        this.observer = observer;
    }

    /** Where the answer goes, and whether the runtime's connection is still there. */
    record Exchange(OutputStream out, boolean keepAlive, BooleanSupplier closed) {
        void send(WireResponse response) throws IOException {
            response.writeTo(out, keepAlive);
        }
    }

    void handle(WireRequest request, Exchange exchange) throws IOException, InterruptedException {
        String[] path = request.path().startsWith(BASE)
                ? request.path().substring(BASE.length()).split("/") : new String[0];
        String route = request.method() + " " + String.join("/", shape(path));
        switch (route) {
            case "GET invocation/next" -> next(exchange);
            case "POST invocation/{id}/response" -> response(path[1], request, exchange);
            case "POST invocation/{id}/error" -> error(path[1], request, exchange);
            case "POST init/error" -> initError(request, exchange);
            default -> exchange.send(WireResponse.error(404, "Not Found", "UnknownEndpoint",
                    request.method() + " " + request.path() + " is not a Runtime API endpoint"));
        }
    }

    /** {@code invocation/abc/response} has the shape {@code invocation/{id}/response}. */
    private static String[] shape(String[] path) {
        String[] shape = Arrays.copyOf(path, path.length);
        if (shape.length == 3 && shape[0].equals("invocation")) {
            shape[1] = "{id}";
        }
        return shape;
    }

    private void next(Exchange exchange) throws IOException, InterruptedException {
        observer.askedForNext();
        Optional<Invocation> taken = invocations.take(() -> !exchange.closed().getAsBoolean());
        if (taken.isEmpty()) {
            return;
        }
        Invocation invocation = taken.get();
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("Lambda-Runtime-Aws-Request-Id", invocation.requestId());
        headers.put("Lambda-Runtime-Deadline-Ms",
                Long.toString(invocation.deadline().orElseThrow().toEpochMilli()));
        headers.put("Lambda-Runtime-Invoked-Function-Arn", functionArn);
        headers.put("Lambda-Runtime-Trace-Id", invocation.traceId());
        observer.delivered(invocation);
        try {
            exchange.send(new WireResponse(200, "OK", headers, invocation.event()));
        } catch (IOException runtimeGone) {
            invocations.giveBack(invocation);
            throw runtimeGone;
        }
    }

    private void response(String requestId, WireRequest request, Exchange exchange) throws IOException {
        Optional<Invocation> found = invocations.inFlight(requestId);
        if (found.isEmpty()) {
            exchange.send(unknownRequest(requestId));
            return;
        }
        Invocation invocation = found.get();
        observer.answered(invocation);
        String contentType = request.header("content-type").orElse("application/octet-stream");
        boolean streamed = request.header("lambda-runtime-function-response-mode")
                .map(mode -> mode.equalsIgnoreCase("streaming")).orElse(false);
        if (streamed) {
            relayStream(invocation, contentType, request);
        } else {
            byte[] payload = request.body().readNBytes(MAX_BUFFERED_RESPONSE_BYTES + 1);
            if (payload.length > MAX_BUFFERED_RESPONSE_BYTES) {
                invocations.done(invocation);
                invocation.fail(new FunctionError("Function.ResponseSizeTooLarge", "Response payload size exceeded "
                        + "maximum allowed payload size (" + MAX_BUFFERED_RESPONSE_BYTES + " bytes)."));
                exchange.send(WireResponse.error(413, "Payload Too Large", "RequestEntityTooLarge",
                        "the response is larger than " + MAX_BUFFERED_RESPONSE_BYTES + " bytes"));
                return;
            }
            invocation.start(contentType, false);
            invocation.chunk(payload);
            invocation.finish(Optional.empty());
        }
        invocations.done(invocation);
        exchange.send(WireResponse.accepted());
    }

    /**
     * Hands each chunk on as it arrives; a broken connection or error trailers end the stream with an error. When the
     * front's client has gone, the connection is closed, which fails the function's response request.
     */
    private void relayStream(Invocation invocation, String contentType, WireRequest request) throws IOException {
        invocation.start(contentType, true);
        byte[] buffer = new byte[16 * 1024];
        try {
            int read;
            while ((read = request.body().read(buffer)) != -1) {
                if (invocation.isClientGone()) {
                    invocation.fail(new FunctionError("Client.Disconnected", "the client left during the stream"));
                    invocations.done(invocation);
                    throw new IOException("the client left; ending the function's response request");
                }
                invocation.chunk(Arrays.copyOf(buffer, read));
            }
        } catch (IOException broken) {
            invocation.fail(new FunctionError("Runtime.TruncatedResponse",
                    "the runtime's connection broke in the middle of the streamed response"));
            invocations.done(invocation);
            throw broken;
        }
        invocation.finish(trailerError(request.trailers()));
    }

    static Optional<FunctionError> trailerError(Map<String, String> trailers) {
        String type = trailers.get(ERROR_TYPE);
        if (type == null || type.isBlank()) {
            return Optional.empty();
        }
        String body = trailers.getOrDefault(ERROR_BODY, "");
        try {
            body = new String(Base64.getMimeDecoder().decode(body), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notBase64) {
            // keep it as sent
        }
        return Optional.of(new FunctionError(type, body));
    }

    private void error(String requestId, WireRequest request, Exchange exchange) throws IOException {
        Optional<Invocation> found = invocations.inFlight(requestId);
        if (found.isEmpty()) {
            exchange.send(unknownRequest(requestId));
            return;
        }
        FunctionError error = readError(request);
        LOG.info("function error for " + requestId + ": " + error.errorType() + ": " + error.errorMessage());
        invocations.done(found.get());
        found.get().fail(error);
        observer.answered(found.get());
        exchange.send(WireResponse.accepted());
    }

    private void initError(WireRequest request, Exchange exchange) throws IOException {
        FunctionError reported = readError(request);
        LOG.warn("function init error: " + reported.errorType() + ": " + reported.errorMessage());
        FunctionError error = new FunctionError("Runtime.InitError", reported.errorType() + ": "
                + reported.errorMessage());
        invocations.initFailed(error);
        exchange.send(WireResponse.accepted());
    }

    /**
     * The error document {@code {"errorMessage","errorType","stackTrace"}}. Its errorType (e.g. the exception class)
     * wins over the {@code Lambda-Runtime-Function-Error-Type} header (e.g. {@code Runtime.UserException}).
     */
    private static FunctionError readError(WireRequest request) throws IOException {
        byte[] body = request.body().readNBytes(MAX_BUFFERED_RESPONSE_BYTES);
        String type = request.header(ERROR_TYPE).orElse(null);
        String message = new String(body, StandardCharsets.UTF_8);
        try {
            JsonNode document = JSON.readTree(body);
            if (document != null && document.isObject()) {
                type = document.path("errorType").asText(type);
                message = document.path("errorMessage").asText(message);
            }
        } catch (IOException notJson) {
            // keep the raw text as the message
        }
        return new FunctionError(type, message);
    }

    private static WireResponse unknownRequest(String requestId) {
        return WireResponse.error(400, "Bad Request", "InvalidRequestID",
                "no invocation " + requestId + " is waiting for an answer (already answered, or timed out?)");
    }
}
