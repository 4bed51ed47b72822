package dev.agentport.gcf;

import dev.agentport.http.Body;
import dev.agentport.http.BoundedBody;
import dev.agentport.http.EventSink;
import dev.agentport.http.Headers;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;

/**
 * Translates between the Functions Framework's request and response and the core's. No contract logic lives here.
 *
 * <p>One rule of the framework shapes {@link #write}: once the body has been flushed, headers added later are dropped
 * without an error. So every header is set first, then the body is written.
 */
final class GcfExchange {

    private static final Logger LOG = LoggerFactory.getLogger(GcfExchange.class);

    private GcfExchange() {
    }

    /** Reads at most {@code maxBodyBytes + 1} bytes, so the core can tell an over-long body without holding it. */
    static HttpRequest toCore(com.google.cloud.functions.HttpRequest request, int maxBodyBytes) throws IOException {
        byte[] body;
        try (InputStream in = request.getInputStream()) {
            body = BoundedBody.read(in, request.getContentLength(), maxBodyBytes);
        }
        // The framework's API has no peer address (the front end's X-Forwarded-For stays among the headers).
        return new HttpRequest(request.getMethod(), rawPath(request.getUri(), request.getPath()),
                request.getQuery().orElse(""), headers(request.getHeaders()), body, "", null);
    }

    /** Sets the status and every header value, then writes the body; an event stream is flushed frame by frame. */
    static void write(HttpResponse response, com.google.cloud.functions.HttpResponse out) throws IOException {
        out.setStatusCode(response.status());
        response.headers().forEach((name, values) -> values.forEach(value -> out.appendHeader(name, value)));
        switch (response.body()) {
            case Body.Bytes(byte[] bytes) -> {
                if (needsContentLength(response)) {
                    // Known length: say so, as the other targets do (Jetty would send a large body chunked).
                    out.appendHeader("Content-Length", String.valueOf(bytes.length));
                }
                if (bytes.length > 0) {
                    out.getOutputStream().write(bytes);
                }
            }
            case Body.EventStream stream -> {
                try {
                    stream.writer().writeTo(sink(out.getOutputStream()));
                } catch (IOException clientGone) {
                    // The sink's exception has already stopped the run; there is nobody left to answer.
                    LOG.debug("client left during an event stream: {}", clientGone.toString());
                }
            }
        }
    }

    /** A known-length body gets a Content-Length, unless the core set one or the status allows no body. */
    static boolean needsContentLength(HttpResponse response) {
        int status = response.status();
        boolean bodyless = status < 200 || status == 204 || status == 304;
        return !bodyless && !response.headers().contains("Content-Length");
    }

    /** Puts each frame on the wire at once; its IOException (the client has gone) reaches the stream's writer. */
    static EventSink sink(OutputStream body) {
        return frame -> {
            body.write(frame);
            body.flush();
        };
    }

    /**
     * The path as the client sent it (still percent-encoded), cut from the request URI, which the framework gives
     * either absolute ({@code http://host/path?q}) or as a path. {@code fallback} (the framework's canonical path)
     * is used only when the URI has none.
     */
    static String rawPath(String uri, String fallback) {
        String rest = uri == null ? "" : uri;
        int scheme = rest.indexOf("://");
        if (!rest.startsWith("/") && scheme >= 0) {
            int slash = rest.indexOf('/', scheme + 3);
            int query = rest.indexOf('?', scheme + 3);
            rest = slash < 0 || (query >= 0 && query < slash) ? "/" : rest.substring(slash);
        }
        int end = rest.length();
        for (int i = 0; i < rest.length(); i++) {
            if (rest.charAt(i) == '?' || rest.charAt(i) == '#') {
                end = i;
                break;
            }
        }
        String path = rest.substring(0, end);
        if (!path.isEmpty()) {
            return path;
        }
        return fallback == null || fallback.isEmpty() ? "/" : fallback;
    }

    /** Every value of every header, in the order the framework gives them. */
    static Headers headers(Map<String, List<String>> headers) {
        Headers.Builder core = Headers.builder();
        headers.forEach((name, values) -> {
            if (name != null && values != null) {
                values.forEach(value -> core.add(name, value == null ? "" : value));
            }
        });
        return core.build();
    }
}
