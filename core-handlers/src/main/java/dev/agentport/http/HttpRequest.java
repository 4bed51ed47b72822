package dev.agentport.http;

import java.time.Instant;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A request as every adapter hands it to the core.
 *
 * @param method        upper-case HTTP method
 * @param path          raw path, without the query string (still percent-encoded)
 * @param rawQuery      raw query string without the leading {@code ?}; empty when there is none
 * @param headers       request headers
 * @param body          body bytes; empty when there is none. Adapters read at most the configured limit plus one byte,
 *                      so an over-long body is seen as longer than the limit without being held whole.
 * @param remotePeer    asks the platform for the client's address, as {@link #remoteAddress()} reads it: only the
 *                      local adapter face does, so the platform does not format it for every request
 * @param deadline      when the platform will stop waiting (Lambda's remaining time), or {@code null} for none
 * @param connection    tells when the client hangs up, where the adapter can tell
 * @param identity      its trace and request ids, given once where it enters the core; {@code null} before
 */
public record HttpRequest(String method,
                          String path,
                          String rawQuery,
                          Headers headers,
                          byte[] body,
                          Supplier<String> remotePeer,
                          Instant deadline,
                          ClientConnection connection,
                          RequestIdentity identity) {

    private static final byte[] NO_BODY = new byte[0];
    private static final Supplier<String> NO_ADDRESS = () -> "";

    public HttpRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        rawQuery = rawQuery == null ? "" : rawQuery;
        headers = headers == null ? Headers.empty() : headers;
        body = body == null ? NO_BODY : body;
        remotePeer = remotePeer == null ? NO_ADDRESS : remotePeer;
        connection = connection == null ? ClientConnection.UNKNOWN : connection;
    }

    public HttpRequest(String method, String path, String rawQuery, Headers headers, byte[] body,
                       String remoteAddress, Instant deadline, ClientConnection connection) {
        this(method, path, rawQuery, headers, body, known(remoteAddress), deadline, connection, null);
    }

    public HttpRequest(String method, String path, String rawQuery, Headers headers, byte[] body,
                       String remoteAddress, Instant deadline) {
        this(method, path, rawQuery, headers, body, remoteAddress, deadline, ClientConnection.UNKNOWN);
    }

    public static Builder builder(String method, String path) {
        return new Builder(method, path);
    }

    /** This request carrying its identity; a request is given one once, where it enters the core. */
    public HttpRequest identified(RequestIdentity identity) {
        Objects.requireNonNull(identity, "identity");
        if (this.identity != null) {
            throw new IllegalStateException("the request already has its identity");
        }
        return new HttpRequest(method, path, rawQuery, headers, body, remotePeer, deadline, connection, identity);
    }

    /** The client's address as the platform reports it, or {@code ""}. */
    public String remoteAddress() {
        String address = remotePeer.get();
        return address == null ? "" : address;
    }

    private static Supplier<String> known(String remoteAddress) {
        return remoteAddress == null || remoteAddress.isEmpty() ? NO_ADDRESS : () -> remoteAddress;
    }

    /** The first value of a header, or {@code null}. */
    public String header(String name) {
        return headers.firstOrNull(name);
    }

    /** A fluent way to build requests, used by adapters and tests. */
    public static final class Builder {
        private final String method;
        private final String path;
        private String rawQuery = "";
        private final Headers.Builder headers = Headers.builder();
        private byte[] body = NO_BODY;
        private Supplier<String> remotePeer = NO_ADDRESS;
        private Instant deadline;
        private ClientConnection connection = ClientConnection.UNKNOWN;

        private Builder(String method, String path) {
            this.method = method;
            this.path = path;
        }

        public Builder rawQuery(String rawQuery) {
            this.rawQuery = rawQuery;
            return this;
        }

        public Builder header(String name, String value) {
            headers.add(name, value);
            return this;
        }

        public Builder body(byte[] body) {
            this.body = body;
            return this;
        }

        public Builder body(String body) {
            this.body = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            return this;
        }

        public Builder remoteAddress(String remoteAddress) {
            this.remotePeer = known(remoteAddress);
            return this;
        }

        /** The client's address, asked of the platform only when something reads it. */
        public Builder remotePeer(Supplier<String> remotePeer) {
            this.remotePeer = remotePeer;
            return this;
        }

        public Builder deadline(Instant deadline) {
            this.deadline = deadline;
            return this;
        }

        public Builder connection(ClientConnection connection) {
            this.connection = connection;
            return this;
        }

        public HttpRequest build() {
            return new HttpRequest(method, path, rawQuery, headers.build(), body, remotePeer, deadline, connection,
                    null);
        }
    }
}
