package dev.agentport.contract;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A target reached over real HTTP on loopback with the JDK's HTTP client. */
public class HttpTarget implements Target {

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private final String name;
    private final URI base;
    private final boolean progressive;

    public HttpTarget(String name, String baseUrl, boolean progressive) {
        this.name = name;
        this.base = URI.create(baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl);
        this.progressive = progressive;
    }

    @Override
    public String name() {
        return name;
    }

    public URI base() {
        return base;
    }

    @Override
    public boolean streamsProgressively() {
        return progressive;
    }

    @Override
    public Exchange send(CaseRequest request) throws Exception {
        HttpRequest.Builder http = HttpRequest.newBuilder(URI.create(base + request.path()))
                .timeout(Duration.ofSeconds(30))
                .method(request.method(), request.body() == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(request.body()));
        for (Map.Entry<String, String> header : request.headers()) {
            http.header(header.getKey(), header.getValue());
        }
        HttpResponse<InputStream> response = CLIENT.send(http.build(), HttpResponse.BodyHandlers.ofInputStream());
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        List<SseEvent> events = new ArrayList<>();
        boolean stream = response.headers().firstValue("content-type").orElse("").startsWith("text/event-stream");
        try (InputStream in = response.body()) {
            if (stream) {
                readEvents(in, body, events);
            } else {
                in.transferTo(body);
            }
        }
        return new Exchange(name, request, response.statusCode(), response.headers().map(), body.toByteArray(),
                events);
    }

    /** Reads an event stream as it arrives, noting the time each event's closing blank line was received. */
    private static void readEvents(InputStream in, ByteArrayOutputStream body, List<SseEvent> events)
            throws java.io.IOException {
        byte[] buffer = new byte[8192];
        StringBuilder pending = new StringBuilder();
        int read;
        while ((read = in.read(buffer)) != -1) {
            long now = System.nanoTime();
            body.write(buffer, 0, read);
            pending.append(new String(buffer, 0, read, StandardCharsets.UTF_8));
            int end;
            while ((end = pending.indexOf("\n\n")) >= 0) {
                String frame = pending.substring(0, end + 2);
                pending.delete(0, end + 2);
                for (SseEvent event : Exchange.parseEvents(frame, now)) {
                    events.add(event);
                }
            }
        }
    }

    @Override
    public String toString() {
        return name + " at " + base;
    }
}
