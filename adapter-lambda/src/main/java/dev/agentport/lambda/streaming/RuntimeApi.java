package dev.agentport.lambda.streaming;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;
import dev.agentport.runtime.Settings;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;

/**
 * The Lambda Runtime API ({@code http://$AWS_LAMBDA_RUNTIME_API/2018-06-01/runtime}) over the JDK HTTP client:
 * fetch the next invocation, stream its response, report errors.
 *
 * <p>The JDK client cannot send request trailers, so a failure after the response has started cannot be reported in
 * {@code Lambda-Runtime-Function-Error-Type}/{@code -Body} trailers. The closest correct thing is done instead: the
 * request is aborted before its final chunk, which Lambda records as a failed invocation. Failures of the agent
 * itself never get that far: the core turns them into an SSE {@code error} event followed by {@code [DONE]}.
 */
final class RuntimeApi {

    static final String ENV = "AWS_LAMBDA_RUNTIME_API";
    static final String REQUEST_ID = "Lambda-Runtime-Aws-Request-Id";
    static final String DEADLINE_MS = "Lambda-Runtime-Deadline-Ms";
    static final String RESPONSE_MODE = "Lambda-Runtime-Function-Response-Mode";
    static final String ERROR_TYPE = "Lambda-Runtime-Function-Error-Type";

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final String base;

    /** @param hostAndPort the value of {@code AWS_LAMBDA_RUNTIME_API}, e.g. {@code 127.0.0.1:9001} */
    RuntimeApi(String hostAndPort) {
        this.base = "http://" + hostAndPort + "/2018-06-01/runtime";
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
    Invocation next() throws IOException, InterruptedException {
        HttpResponse<byte[]> response = client.send(HttpRequest.newBuilder(uri("/invocation/next")).GET().build(),
                BodyHandlers.ofByteArray());
        if (response.statusCode() != 200) {
            throw new IOException("GET /invocation/next answered " + response.statusCode());
        }
        String requestId = response.headers().firstValue(REQUEST_ID)
                .orElseThrow(() -> new IOException("GET /invocation/next gave no " + REQUEST_ID));
        Instant deadline = response.headers().firstValue(DEADLINE_MS)
                .map(RuntimeApi::epochMillis)
                .orElse(null);
        return new Invocation(requestId, deadline, response.body());
    }

    /**
     * Starts the streamed response of an invocation. The returned body takes the prelude and then the body bytes;
     * the future completes when the Runtime API has answered.
     */
    StreamedResponse startResponse(String requestId, String contentType) {
        StreamingBody body = new StreamingBody();
        HttpRequest request = HttpRequest.newBuilder(uri("/invocation/" + requestId + "/response"))
                .header(RESPONSE_MODE, "streaming")
                .header("Content-Type", contentType)
                .POST(BodyPublishers.fromPublisher(body))
                .build();
        CompletableFuture<HttpResponse<String>> sent = client.sendAsync(request, BodyHandlers.ofString());
        sent.whenComplete((response, error) -> body.abandon());
        return new StreamedResponse(body, sent);
    }

    /** Reports an invocation that failed before its response started. */
    void invocationError(String requestId, String type, String message) throws IOException, InterruptedException {
        postError("/invocation/" + requestId + "/error", type, message);
    }

    /** Reports a failed start-up; Lambda then stops this execution environment. */
    void initError(String type, String message) throws IOException, InterruptedException {
        postError("/init/error", type, message);
    }

    private void postError(String path, String type, String message) throws IOException, InterruptedException {
        ObjectNode error = Json.object();
        error.put("errorMessage", message);
        error.put("errorType", type);
        error.putArray("stackTrace");
        HttpRequest request = HttpRequest.newBuilder(uri(path))
                .header(ERROR_TYPE, type)
                .header("Content-Type", "application/json")
                .POST(BodyPublishers.ofByteArray(Json.bytes(error)))
                .build();
        client.send(request, BodyHandlers.discarding());
    }

    private URI uri(String path) {
        return URI.create(base + path);
    }

    private static Instant epochMillis(String value) {
        try {
            return Instant.ofEpochMilli(Long.parseLong(value.strip()));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A response being streamed: write to {@code body}, then wait for {@code sent}. */
    record StreamedResponse(StreamingBody body, CompletableFuture<HttpResponse<String>> sent) {
    }
}
