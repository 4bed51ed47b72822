package dev.agentport.playground;

import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * One static file of the playground, read from the jar once, served with its type, a strict content security policy
 * (scripts, styles and calls from this origin only; no inline script, no frames) and an entity tag: the browser asks
 * again every time ({@code no-cache}) and gets 304 while the file is unchanged.
 */
record PlaygroundAsset(String path, String contentType, byte[] bytes, String etag) implements Handler {

    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

    static PlaygroundAsset load(String path, String resource, String contentType) {
        try (InputStream in = PlaygroundAsset.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw missing(resource);
            }
            byte[] bytes = in.readAllBytes();
            return new PlaygroundAsset(path, contentType, bytes, etag(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException("reading the playground's " + resource + " failed", e);
        }
    }

    static IllegalStateException missing(String resource) {
        return new IllegalStateException("the playground's " + resource + " is missing from the jar");
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        boolean unchanged = etag.equals(request.header("If-None-Match"));
        HttpResponse.Builder response = HttpResponse.builder(unchanged ? 304 : 200)
                .header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                .header("X-Content-Type-Options", "nosniff")
                .header("Referrer-Policy", "no-referrer")
                .header("Cache-Control", "no-cache")
                .header("ETag", etag);
        if (!unchanged) {
            response.contentType(contentType).body(bytes);
        }
        return response.build();
    }

    private static String etag(byte[] bytes) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
            return "\"" + HexFormat.of().formatHex(digest, 0, 16) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
