package dev.agentport.gcf;

import com.google.cloud.functions.HttpResponse;

import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Records, in order, what an adapter does to a Functions Framework response: "status 200", "header Name: value",
 * "write <text>", "flush" (and keeps the bytes written). Like the real framework, it drops a header added after the first flush. It can be told
 * to fail every write, as the real output stream does once the client has gone.
 */
final class RecordingResponse implements HttpResponse {

    final List<String> events = new ArrayList<>();
    final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private final Map<String, List<String>> headers = new LinkedHashMap<>();
    private boolean flushed;
    private boolean clientGone;

    RecordingResponse clientGone() {
        this.clientGone = true;
        return this;
    }

    @Override
    public void setStatusCode(int code) {
        events.add("status " + code);
    }

    @Override
    public void setStatusCode(int code, String message) {
        setStatusCode(code);
    }

    @Override
    public void setContentType(String contentType) {
        appendHeader("Content-Type", contentType);
    }

    @Override
    public Optional<String> getContentType() {
        return Optional.ofNullable(headers.get("Content-Type")).map(values -> values.get(0));
    }

    @Override
    public void appendHeader(String name, String value) {
        if (flushed) {
            events.add("dropped header " + name);
            return;
        }
        headers.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
        events.add("header " + name + ": " + value);
    }

    @Override
    public Map<String, List<String>> getHeaders() {
        return headers;
    }

    @Override
    public OutputStream getOutputStream() {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                if (clientGone) {
                    throw new IOException("broken pipe");
                }
                events.add("write " + new String(bytes, offset, length, StandardCharsets.UTF_8));
                body.write(bytes, offset, length);
            }

            @Override
            public void flush() {
                flushed = true;
                events.add("flush");
            }
        };
    }

    @Override
    public BufferedWriter getWriter() {
        throw new UnsupportedOperationException("the adapter writes bytes");
    }
}
