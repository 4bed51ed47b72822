package dev.agentport.gcf;

import com.google.cloud.functions.HttpRequest;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A request as the Functions Framework would hand it over, built from plain values for the conversion tests. */
record SampleRequest(String method, String uri, String path, String query, Map<String, List<String>> headers,
                     byte[] body) implements HttpRequest {

    static SampleRequest post(String uri, String path, String query, byte[] body) {
        return new SampleRequest("POST", uri, path, query, Map.of(), body);
    }

    @Override
    public String getMethod() {
        return method;
    }

    @Override
    public String getUri() {
        return uri;
    }

    @Override
    public String getPath() {
        return path;
    }

    @Override
    public Optional<String> getQuery() {
        return Optional.ofNullable(query);
    }

    @Override
    public Map<String, List<String>> getQueryParameters() {
        return Map.of();
    }

    @Override
    public Map<String, HttpPart> getParts() {
        return Map.of();
    }

    @Override
    public Optional<String> getContentType() {
        return Optional.empty();
    }

    @Override
    public long getContentLength() {
        return body.length;
    }

    @Override
    public Optional<String> getCharacterEncoding() {
        return Optional.empty();
    }

    @Override
    public InputStream getInputStream() {
        return new ByteArrayInputStream(body);
    }

    @Override
    public BufferedReader getReader() {
        return new BufferedReader(new InputStreamReader(getInputStream(), StandardCharsets.UTF_8));
    }

    @Override
    public Map<String, List<String>> getHeaders() {
        return headers;
    }
}
