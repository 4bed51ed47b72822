package dev.agentport.lambdalocal;

import java.util.List;
import java.util.Objects;

/**
 * An HTTP request as the front received it, before it becomes a Lambda event.
 *
 * @param method     the HTTP method, e.g. {@code POST}
 * @param rawPath    the path exactly as sent (still percent-encoded)
 * @param rawQuery   the query string without {@code ?}, exactly as sent; empty when there is none
 * @param protocol   e.g. {@code HTTP/1.1}
 * @param sourceIp   the client's address
 * @param headers    every header line in arrival order (names in any case)
 * @param body       the body bytes; empty when there is none
 */
public record FrontRequest(String method, String rawPath, String rawQuery, String protocol, String sourceIp,
                           List<HeaderField> headers, byte[] body) {

    public FrontRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(rawPath, "rawPath");
        rawQuery = rawQuery == null ? "" : rawQuery;
        protocol = protocol == null ? "HTTP/1.1" : protocol;
        sourceIp = sourceIp == null ? "127.0.0.1" : sourceIp;
        headers = List.copyOf(headers);
        body = body == null ? new byte[0] : body;
    }
}
