package dev.agentport.contract;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One request of a contract case. {@code {run}} in the path, a header value or the body is replaced by the suite
 * run's nonce, so that every run uses fresh session ids on a long-lived target.
 *
 * @param method  HTTP method
 * @param path    path and query
 * @param headers header name and value pairs, in order
 * @param body    body bytes, or {@code null} for none
 */
public record CaseRequest(String method, String path, List<Map.Entry<String, String>> headers, byte[] body) {

    public static Builder get(String path) {
        return new Builder("GET", path);
    }

    public static Builder post(String path) {
        return new Builder("POST", path);
    }

    public static Builder method(String method, String path) {
        return new Builder(method, path);
    }

    /** This request with {@code {run}} replaced. */
    public CaseRequest resolve(String run) {
        List<Map.Entry<String, String>> resolved = new ArrayList<>();
        for (Map.Entry<String, String> header : headers) {
            resolved.add(Map.entry(header.getKey(), header.getValue().replace("{run}", run)));
        }
        byte[] resolvedBody = body;
        if (body != null) {
            String text = new String(body, StandardCharsets.ISO_8859_1);
            if (text.contains("{run}")) {
                resolvedBody = text.replace("{run}", run).getBytes(StandardCharsets.ISO_8859_1);
            }
        }
        return new CaseRequest(method, path.replace("{run}", run), resolved, resolvedBody);
    }

    public static final class Builder {
        private final String method;
        private final String path;
        private final List<Map.Entry<String, String>> headers = new ArrayList<>();
        private byte[] body;

        private Builder(String method, String path) {
            this.method = method;
            this.path = path;
        }

        public Builder header(String name, String value) {
            headers.add(Map.entry(name, value));
            return this;
        }

        /** Adds {@code Authorization: Bearer <the suite's token>}. */
        public Builder authorized() {
            return header("Authorization", "Bearer " + ContractCases.TOKEN);
        }

        /** A JSON body with {@code Content-Type: application/json}. */
        public Builder json(String json) {
            header("Content-Type", "application/json");
            this.body = json.getBytes(StandardCharsets.UTF_8);
            return this;
        }

        public Builder body(String contentType, byte[] bytes) {
            if (contentType != null) {
                header("Content-Type", contentType);
            }
            this.body = bytes;
            return this;
        }

        public CaseRequest build() {
            return new CaseRequest(method, path, List.copyOf(headers), body);
        }
    }
}
