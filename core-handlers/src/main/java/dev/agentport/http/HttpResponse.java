package dev.agentport.http;

import java.util.Objects;

/**
 * A response as the core hands it back to the adapter.
 *
 * @param status  HTTP status code
 * @param headers response headers; the adapter writes every value of every name
 * @param body    bytes, or an event stream
 */
public record HttpResponse(int status, Headers headers, Body body) {

    public HttpResponse {
        Objects.requireNonNull(headers, "headers");
        Objects.requireNonNull(body, "body");
    }

    public static Builder builder(int status) {
        return new Builder(status);
    }

    public String header(String name) {
        return headers.firstOrNull(name);
    }

    /** The bytes of a non-streaming body; fails on a stream. */
    public byte[] bodyBytes() {
        if (body instanceof Body.Bytes(byte[] bytes)) {
            return bytes;
        }
        throw new IllegalStateException("streaming body has no bytes until it is written");
    }

    /** A copy of this response with extra headers set (replacing any of the same name). */
    public HttpResponse withHeader(String name, String value) {
        return new HttpResponse(status, headers.with(name, value), body);
    }

    public Builder toBuilder() {
        Builder builder = new Builder(status);
        builder.headers = headers.toBuilder();
        builder.body = body;
        return builder;
    }

    public static final class Builder {
        private final int status;
        private Headers.Builder headers = Headers.builder();
        private Body body = Body.EMPTY;

        private Builder(int status) {
            this.status = status;
        }

        public Builder header(String name, String value) {
            headers.add(name, value);
            return this;
        }

        public Builder setHeader(String name, String value) {
            headers.set(name, value);
            return this;
        }

        public Builder contentType(String contentType) {
            headers.set(HttpHeaderNames.CONTENT_TYPE, contentType);
            return this;
        }

        public Builder body(Body body) {
            this.body = body;
            return this;
        }

        public Builder body(byte[] bytes) {
            this.body = Body.of(bytes);
            return this;
        }

        public HttpResponse build() {
            return new HttpResponse(status, headers.build(), body);
        }
    }
}
