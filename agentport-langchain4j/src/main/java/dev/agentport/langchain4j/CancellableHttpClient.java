package dev.agentport.langchain4j;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import static dev.langchain4j.http.client.sse.ServerSentEventListenerUtils.ignoringExceptions;

/**
 * LangChain4j's HTTP client SPI on the JDK's client, like LangChain4j's {@code JdkHttpClient}, except that a streamed
 * call can be stopped before its first event: a {@link LangChain4jAgent} run that is cancelled or reaches its deadline
 * closes the connection, even while the provider has not answered or holds the stream open. Give it to a streaming
 * model with {@code .httpClientBuilder(CancellableHttpClient.builder())}. Multipart bodies are not supported.
 */
public final class CancellableHttpClient implements HttpClient {

    private final java.net.http.HttpClient delegate;
    private final Duration readTimeout;

    private CancellableHttpClient(Builder builder) {
        java.net.http.HttpClient.Builder client = java.net.http.HttpClient.newBuilder();
        if (builder.connectTimeout != null) {
            client.connectTimeout(builder.connectTimeout);
        }
        this.delegate = client.build();
        this.readTimeout = builder.readTimeout;
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public SuccessfulHttpResponse execute(HttpRequest request) {
        try {
            HttpResponse<byte[]> response = delegate.send(toJdkRequest(request), BodyHandlers.ofByteArray());
            if (!isSuccessful(response)) {
                throw new HttpException(response.statusCode(), new String(response.body(), StandardCharsets.UTF_8));
            }
            return toResponse(response, response.body());
        } catch (HttpTimeoutException e) {
            throw new TimeoutException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void execute(HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
        StreamingCall call = StreamingCall.start();
        CompletableFuture<HttpResponse<InputStream>> response =
                delegate.sendAsync(toJdkRequest(request), BodyHandlers.ofInputStream());
        call.awaiting(response);
        response.thenAccept(answered -> {
            if (!call.reading(answered.body())) {
                return;
            }
            if (!isSuccessful(answered)) {
                HttpException error = new HttpException(answered.statusCode(), readBody(answered));
                ignoringExceptions(() -> listener.onError(error));
                return;
            }
            ignoringExceptions(() -> listener.onOpen(toResponse(answered, null)));
            try (InputStream body = answered.body()) {
                parser.parse(body, listener);
                ignoringExceptions(listener::onClose);
            } catch (IOException closed) {
                // the body is already consumed or closed
            }
        }).exceptionally(failure -> {
            if (!call.stopped()) {
                Throwable error = failure.getCause() instanceof HttpTimeoutException ? new TimeoutException(failure)
                        : failure;
                ignoringExceptions(() -> listener.onError(error));
            }
            return null;
        });
    }

    private java.net.http.HttpRequest toJdkRequest(HttpRequest request) {
        if (!request.formDataFields().isEmpty() || !request.formDataFiles().isEmpty()) {
            throw new IllegalArgumentException("CancellableHttpClient sends no multipart bodies; use JdkHttpClient");
        }
        java.net.http.HttpRequest.Builder builder = java.net.http.HttpRequest.newBuilder(URI.create(request.url()));
        request.headers().forEach((name, values) -> {
            if (values != null) {
                values.forEach(value -> builder.header(name, value));
            }
        });
        builder.method(request.method().name(), request.body() != null
                ? java.net.http.HttpRequest.BodyPublishers.ofString(request.body())
                : java.net.http.HttpRequest.BodyPublishers.noBody());
        if (readTimeout != null) {
            builder.timeout(readTimeout);
        }
        return builder.build();
    }

    private static SuccessfulHttpResponse toResponse(HttpResponse<?> response, byte[] body) {
        return SuccessfulHttpResponse.builder().statusCode(response.statusCode()).headers(response.headers().map())
                .body(body).build();
    }

    private static boolean isSuccessful(HttpResponse<?> response) {
        return response.statusCode() >= 200 && response.statusCode() < 300;
    }

    private static String readBody(HttpResponse<InputStream> response) {
        try (InputStream body = response.body()) {
            return new String(body.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "Cannot read error response body: " + e.getMessage();
        }
    }

    /** Builds a {@link CancellableHttpClient}; LangChain4j's model builders set the timeouts. */
    public static final class Builder implements HttpClientBuilder {

        private Duration connectTimeout;
        private Duration readTimeout;

        private Builder() {
        }

        @Override
        public Duration connectTimeout() {
            return connectTimeout;
        }

        @Override
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = timeout;
            return this;
        }

        @Override
        public Duration readTimeout() {
            return readTimeout;
        }

        @Override
        public Builder readTimeout(Duration timeout) {
            this.readTimeout = timeout;
            return this;
        }

        @Override
        public CancellableHttpClient build() {
            return new CancellableHttpClient(this);
        }
    }
}
