package dev.agentport.validate.http;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One request a rule sends. {@code {run}} in the path, a header value or the body is replaced by the validation
 * run's nonce, so that every run uses fresh session and context ids on a long-lived server.
 *
 * @param method     HTTP method
 * @param path       path and query, relative to the URL under test
 * @param headers    header name and value pairs, in order
 * @param body       body bytes, or {@code null} for none
 * @param authorized whether the run's token, if it has one, is sent as {@code Authorization: Bearer}
 */
public record Request(String method, String path, List<Map.Entry<String, String>> headers, byte[] body,
                      boolean authorized) {

    public static Builder get(String path) {
        return new Builder("GET", path);
    }

    public static Builder post(String path) {
        return new Builder("POST", path);
    }

    public static Builder method(String method, String path) {
        return new Builder(method, path);
    }

    /** The first value of a header of this request, or {@code null}. */
    public String header(String name) {
        for (Map.Entry<String, String> header : headers) {
            if (header.getKey().equalsIgnoreCase(name)) {
                return header.getValue();
            }
        }
        return null;
    }

    /** This request with {@code {run}} replaced by {@code nonce}. */
    public Request resolve(String nonce) {
        List<Map.Entry<String, String>> resolved = new ArrayList<>(headers.size());
        for (Map.Entry<String, String> header : headers) {
            resolved.add(Map.entry(header.getKey(), header.getValue().replace("{run}", nonce)));
        }
        byte[] resolvedBody = body;
        if (body != null) {
            String text = new String(body, StandardCharsets.ISO_8859_1);
            if (text.contains("{run}")) {
                resolvedBody = text.replace("{run}", nonce).getBytes(StandardCharsets.ISO_8859_1);
            }
        }
        return new Request(method, path.replace("{run}", nonce), List.copyOf(resolved), resolvedBody, authorized);
    }

    /** This request with one more header. */
    public Request withHeader(String name, String value) {
        List<Map.Entry<String, String>> more = new ArrayList<>(headers);
        more.add(Map.entry(name, value));
        return new Request(method, path, List.copyOf(more), body, authorized);
    }

    @Override
    public String toString() {
        return method + " " + path;
    }

    public static final class Builder {
        private final String method;
        private final String path;
        private final List<Map.Entry<String, String>> headers = new ArrayList<>();
        private byte[] body;
        private boolean authorized;

        private Builder(String method, String path) {
            this.method = method;
            this.path = path;
        }

        public Builder header(String name, String value) {
            headers.add(Map.entry(name, value));
            return this;
        }

        /** Sends the run's token, when it has one. */
        public Builder authorized() {
            this.authorized = true;
            return this;
        }

        /** A JSON body with {@code Content-Type: application/json}. */
        public Builder json(String json) {
            return body("application/json", json.getBytes(StandardCharsets.UTF_8));
        }

        public Builder body(String contentType, byte[] bytes) {
            if (contentType != null) {
                header("Content-Type", contentType);
            }
            this.body = bytes;
            return this;
        }

        public Request build() {
            return new Request(method, path, List.copyOf(headers), body, authorized);
        }
    }
}
