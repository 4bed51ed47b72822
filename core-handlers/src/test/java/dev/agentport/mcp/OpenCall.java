package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.AgentPort;
import dev.agentport.http.Body;
import dev.agentport.http.ClientConnection;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * A request to a core's {@code /mcp} whose answer is read as it is written: the event stream's writer runs on its own
 * thread, so a test can read the server's request to the client, post the client's answer, then read the result.
 */
final class OpenCall {

    private static final byte[] END = new byte[0];

    private final BlockingQueue<byte[]> frames = new LinkedBlockingQueue<>();
    final HttpResponse response;

    private OpenCall(HttpResponse response) {
        this.response = response;
    }

    static OpenCall post(AgentPort core, String json, Map<String, String> headers) {
        return post(core, json, headers, ClientConnection.UNKNOWN);
    }

    /** @param connection tells the core when the client leaves */
    static OpenCall post(AgentPort core, String json, Map<String, String> headers, ClientConnection connection) {
        HttpRequest.Builder request = HttpRequest.builder("POST", "/mcp").remoteAddress("127.0.0.1")
                .connection(connection)
                .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                .body(json);
        headers.forEach(request::header);
        OpenCall call = new OpenCall(core.handle(request.build()));
        switch (call.response.body()) {
            case Body.Bytes bytes -> {
                call.frames.add(bytes.bytes());
                call.frames.add(END);
            }
            case Body.EventStream stream -> Thread.ofVirtual().start(() -> {
                try {
                    stream.writer().writeTo(call.frames::add);
                } catch (Exception e) {
                    call.frames.add(("error: " + e).getBytes(StandardCharsets.UTF_8));
                } finally {
                    call.frames.add(END);
                }
            });
        }
        return call;
    }

    /** The next message: an event's data, or the JSON body; fails after five seconds. A comment is no message. */
    JsonNode next() throws Exception {
        byte[] frame = frames.poll(5, TimeUnit.SECONDS);
        while (isComment(frame)) {
            frame = frames.poll(5, TimeUnit.SECONDS);
        }
        assertNotNull(frame, "no message within 5 s");
        if (frame == END) {
            throw new AssertionError("the answer ended");
        }
        String text = new String(frame, StandardCharsets.UTF_8);
        int data = text.indexOf("data: ");
        return Json.parse((data < 0 ? text : text.substring(data + 6).strip()).getBytes(StandardCharsets.UTF_8));
    }

    /** Whether the answer ends within {@code wait} without another message. */
    boolean endsWithin(Duration wait) throws InterruptedException {
        long until = System.nanoTime() + wait.toNanos();
        byte[] frame = frames.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        while (isComment(frame)) {
            frame = frames.poll(Math.max(0, until - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
        return frame == END;
    }

    private static boolean isComment(byte[] frame) {
        return frame != null && frame != END && frame.length > 0 && frame[0] == ':';
    }
}
