package dev.agentport.validate.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Requests over HTTP/1.1 with the JDK's client. The whole answer, an event stream included, must end within the
 * request's timeout, and at most {@link #MAX_BODY_BYTES} of it are kept: a server that never ends a stream or sends
 * without end cannot hold the command.
 */
public final class HttpTransport implements Transport {

    /** The most of one answer that is read. */
    public static final int MAX_BODY_BYTES = 4 * 1024 * 1024;

    private static final ScheduledExecutorService WATCH = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "validate-contract-deadline");
        thread.setDaemon(true);
        return thread;
    });

    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    private final String base;

    /** @param baseUrl the URL under test; paths of requests are appended to it */
    public HttpTransport(URI baseUrl) {
        String url = baseUrl.toString();
        this.base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    @Override
    public Answer send(Request request, Duration timeout) throws IOException, InterruptedException {
        HttpRequest.Builder http = HttpRequest.newBuilder(URI.create(base + request.path()))
                .timeout(timeout)
                .method(request.method(), request.body() == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(request.body()));
        for (Map.Entry<String, String> header : request.headers()) {
            http.header(header.getKey(), header.getValue());
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        HttpResponse<InputStream> response = client.send(http.build(), HttpResponse.BodyHandlers.ofInputStream());
        boolean stream = response.headers().firstValue("content-type").orElse("")
                .toLowerCase(java.util.Locale.ROOT).startsWith("text/event-stream");
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        List<SseEvent> events = new ArrayList<>();
        AtomicBoolean late = new AtomicBoolean();
        InputStream in = response.body();
        ScheduledFuture<?> stop = WATCH.schedule(() -> {
            late.set(true);
            closeQuietly(in);
        }, Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        try (in) {
            read(in, body, stream ? events : null);
        } catch (IOException e) {
            if (late.get()) {
                throw new HttpTimeoutException("the answer to " + request + " did not end within "
                        + timeout.toSeconds() + " s");
            }
            throw e;
        } finally {
            stop.cancel(false);
        }
        if (late.get()) {
            throw new HttpTimeoutException("the answer to " + request + " did not end within "
                    + timeout.toSeconds() + " s");
        }
        return new Answer(request, response.statusCode(), response.headers().map(), body.toByteArray(), events);
    }

    /**
     * Reads the body; for an event stream, notes when each event's closing blank line arrived. Only the bytes after
     * the last complete event are searched and decoded again, so a long stream costs what it is long.
     */
    private static void read(InputStream in, ByteArrayOutputStream body, List<SseEvent> events) throws IOException {
        byte[] buffer = new byte[8192];
        ByteArrayOutputStream pending = new ByteArrayOutputStream();
        int read;
        while ((read = in.read(buffer)) != -1) {
            long now = System.nanoTime();
            if (body.size() + read > MAX_BODY_BYTES) {
                throw new IOException("the answer is longer than " + MAX_BODY_BYTES + " bytes");
            }
            body.write(buffer, 0, read);
            if (events == null) {
                continue;
            }
            pending.write(buffer, 0, read);
            byte[] unparsed = pending.toByteArray();
            int end = lastEventEnd(unparsed);
            if (end > 0) {
                events.addAll(SseEvent.parse(new String(unparsed, 0, end, StandardCharsets.UTF_8), now));
                pending.reset();
                pending.write(unparsed, end, unparsed.length - end);
            }
        }
        if (events != null && pending.size() > 0) {
            events.addAll(SseEvent.parse(pending.toString(StandardCharsets.UTF_8) + "\n\n", System.nanoTime()));
        }
    }

    /** The index just past the last blank line in {@code bytes}, or 0 when there is none. */
    private static int lastEventEnd(byte[] bytes) {
        for (int i = bytes.length - 1; i > 0; i--) {
            if (bytes[i] == '\n' && (bytes[i - 1] == '\n' || bytes[i - 1] == '\r' && i >= 2 && bytes[i - 2] == '\n')) {
                return i + 1;
            }
        }
        return 0;
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // The reader sees the stream closed, and reports the deadline.
        }
    }
}
