package dev.agentport.lambda.streaming;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;
import dev.agentport.runtime.Settings;

import java.io.IOException;
import java.time.Instant;

/**
 * The Lambda Runtime API ({@code http://$AWS_LAMBDA_RUNTIME_API/2018-06-01/runtime}): fetch the next invocation,
 * stream its response, report errors. Each call is one {@link RuntimeApiExchange} on a connection of its own, so
 * nothing is kept between invocations (nor across a freeze of the environment).
 *
 * <p>Request trailers are not sent, so a failure after the response has started is not reported in
 * {@code Lambda-Runtime-Function-Error-Type}/{@code -Body} trailers. The request is aborted before its final chunk
 * instead, which Lambda records as a failed invocation. Failures of the agent itself never get that far: the core
 * turns them into an SSE {@code error} event followed by {@code [DONE]}.
 */
final class RuntimeApi {

    static final String ENV = "AWS_LAMBDA_RUNTIME_API";
    static final String REQUEST_ID = "Lambda-Runtime-Aws-Request-Id";
    static final String DEADLINE_MS = "Lambda-Runtime-Deadline-Ms";
    static final String RESPONSE_MODE = "Lambda-Runtime-Function-Response-Mode";
    static final String ERROR_TYPE = "Lambda-Runtime-Function-Error-Type";
    private static final String PATH = "/2018-06-01/runtime";

    private final String hostAndPort;
    private final String host;
    private final int port;

    /** @param hostAndPort the value of {@code AWS_LAMBDA_RUNTIME_API}, e.g. {@code 127.0.0.1:9001} */
    RuntimeApi(String hostAndPort) {
        int colon = hostAndPort.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalStateException(ENV + " must be host:port, got '" + hostAndPort + "'");
        }
        try {
            this.port = Integer.parseInt(hostAndPort.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalStateException(ENV + " must be host:port, got '" + hostAndPort + "'");
        }
        this.hostAndPort = hostAndPort;
        String named = hostAndPort.substring(0, colon);
        this.host = named.startsWith("[") && named.endsWith("]") ? named.substring(1, named.length() - 1) : named;
    }

    static RuntimeApi from(Settings settings) {
        String api = settings.get(ENV);
        if (api == null || api.isBlank()) {
            throw new IllegalStateException(ENV + " is not set; this bootstrap runs inside Lambda's custom runtime "
                    + "(provided.al2023) or a local emulator");
        }
        return new RuntimeApi(api.strip());
    }

    /** Waits for the next invocation (a long poll). */
    Invocation next() throws IOException {
        RuntimeApiExchange.Reply reply;
        try (RuntimeApiExchange exchange = open()) {
            exchange.head("GET", PATH + "/invocation/next", hostAndPort);
            reply = exchange.reply();
        }
        if (reply.status() != 200) {
            throw new IOException("GET /invocation/next answered " + reply.status());
        }
        String requestId = reply.header(REQUEST_ID);
        if (requestId == null) {
            throw new IOException("GET /invocation/next gave no " + REQUEST_ID);
        }
        String deadline = reply.header(DEADLINE_MS);
        return new Invocation(requestId, deadline == null ? null : epochMillis(deadline), reply.body());
    }

    /**
     * Starts the streamed response of an invocation: the request's head is sent, and the returned body takes the
     * prelude and then the body bytes, each as its own chunk.
     */
    StreamingBody startResponse(String requestId, String contentType) throws IOException {
        RuntimeApiExchange exchange = open();
        try {
            exchange.head("POST", PATH + "/invocation/" + requestId + "/response", hostAndPort,
                    "Transfer-Encoding: chunked",
                    "Content-Type: " + contentType,
                    RESPONSE_MODE + ": streaming");
        } catch (IOException e) {
            exchange.close();
            throw e;
        }
        return new StreamingBody(exchange);
    }

    /** Reports an invocation that failed before its response started. */
    void invocationError(String requestId, String type, String message) throws IOException {
        postError("/invocation/" + requestId + "/error", type, message);
    }

    /** Reports a failed start-up; Lambda then stops this execution environment. */
    void initError(String type, String message) throws IOException {
        postError("/init/error", type, message);
    }

    private void postError(String path, String type, String message) throws IOException {
        ObjectNode error = Json.object();
        error.put("errorMessage", message);
        error.put("errorType", type);
        error.putArray("stackTrace");
        byte[] body = Json.bytes(error);
        try (RuntimeApiExchange exchange = open()) {
            exchange.head("POST", PATH + path, hostAndPort,
                    "Content-Length: " + body.length,
                    "Content-Type: application/json",
                    ERROR_TYPE + ": " + type);
            exchange.body(body);
            exchange.reply();
        }
    }

    private RuntimeApiExchange open() throws IOException {
        return RuntimeApiExchange.open(host, port);
    }

    private static Instant epochMillis(String value) {
        try {
            return Instant.ofEpochMilli(Long.parseLong(value.strip()));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
