package dev.agentport.gcf;

import dev.agentport.http.Body;
import dev.agentport.http.Headers;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GcfExchangeTest {

    @Test
    void pathIsCutFromAnAbsoluteUriWithoutQuery() {
        assertEquals("/invoke", GcfExchange.rawPath("http://localhost:8080/invoke?x=1", "/invoke"));
    }

    @Test
    void pathKeepsItsPercentEncoding() {
        assertEquals("/a%20b/%2F", GcfExchange.rawPath("https://fn.example.com/a%20b/%2F", "/a b//"));
    }

    @Test
    void pathOnlyUriIsTakenAsIs() {
        assertEquals("/stream", GcfExchange.rawPath("/stream?q#frag", "/stream"));
    }

    @Test
    void uriWithoutPathMeansRoot() {
        assertEquals("/", GcfExchange.rawPath("http://localhost:8080", ""));
        assertEquals("/", GcfExchange.rawPath("http://localhost:8080?a=b", ""));
    }

    @Test
    void missingUriFallsBackToTheFrameworksPath() {
        assertEquals("/health", GcfExchange.rawPath(null, "/health"));
        assertEquals("/", GcfExchange.rawPath("", null));
    }

    @Test
    void everyRequestHeaderValueIsKept() {
        Map<String, List<String>> sent = new LinkedHashMap<>();
        sent.put("Accept", List.of("text/event-stream", "application/json"));
        sent.put("authorization", List.of("Bearer t"));
        Headers headers = GcfExchange.headers(sent);
        assertEquals(List.of("text/event-stream", "application/json"), headers.all("accept"));
        assertEquals("Bearer t", headers.firstOrNull("Authorization"));
    }

    @Test
    void requestCarriesMethodPathQueryAndBody() throws IOException {
        SampleRequest sample = new SampleRequest("POST", "http://h/invoke?session=1&x=%2C", "/invoke",
                "session=1&x=%2C", Map.of("Content-Type", List.of("application/json")),
                "{\"input\":\"hi\"}".getBytes(StandardCharsets.UTF_8));
        HttpRequest core = GcfExchange.toCore(sample, 1024);
        assertEquals("POST", core.method());
        assertEquals("/invoke", core.path());
        assertEquals("session=1&x=%2C", core.rawQuery());
        assertEquals("application/json", core.header("content-type"));
        assertEquals("{\"input\":\"hi\"}", new String(core.body(), StandardCharsets.UTF_8));
    }

    @Test
    void bodyIsReadUpToTheLimitPlusOneByte() throws IOException {
        HttpRequest core = GcfExchange.toCore(SampleRequest.post("/invoke", "/invoke", null, new byte[5000]), 100);
        assertEquals(101, core.body().length);
        assertEquals("", core.rawQuery());
    }

    @Test
    void statusAndEveryHeaderValueAreWrittenBeforeTheBody() throws IOException {
        HttpResponse response = HttpResponse.builder(201)
                .header("Set-Cookie", "a=1")
                .header("Set-Cookie", "b=2")
                .contentType("application/json")
                .body("{}".getBytes(StandardCharsets.UTF_8))
                .build();
        RecordingResponse out = new RecordingResponse();
        GcfExchange.write(response, out);
        assertEquals(List.of("status 201", "header Set-Cookie: a=1", "header Set-Cookie: b=2",
                "header Content-Type: application/json", "header Content-Length: 2", "write {}"), out.events);
    }

    @Test
    void contentLengthSetByTheCoreIsNotRepeated() throws IOException {
        RecordingResponse out = new RecordingResponse();
        GcfExchange.write(HttpResponse.builder(200).header("Content-Length", "2").body("{}".getBytes(
                StandardCharsets.UTF_8)).build(), out);
        assertEquals(List.of("status 200", "header Content-Length: 2", "write {}"), out.events);
    }

    @Test
    void emptyBodyIsSentWithContentLengthZero() throws IOException {
        RecordingResponse out = new RecordingResponse();
        GcfExchange.write(HttpResponse.builder(200).build(), out);
        assertEquals(List.of("status 200", "header Content-Length: 0"), out.events);
    }

    @Test
    void noContentAnswerHasNoBodyAndNoContentLength() throws IOException {
        RecordingResponse out = new RecordingResponse();
        GcfExchange.write(HttpResponse.builder(204).build(), out);
        assertEquals(List.of("status 204"), out.events);
    }

    @Test
    void streamHeadersComeBeforeTheFirstFlushAndEachFrameIsFlushed() throws IOException {
        HttpResponse response = HttpResponse.builder(200)
                .contentType("text/event-stream")
                .header("Cache-Control", "no-cache")
                .body(Body.stream(sink -> {
                    sink.send("data: 1\n\n".getBytes(StandardCharsets.UTF_8));
                    sink.send("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
                }))
                .build();
        RecordingResponse out = new RecordingResponse();
        GcfExchange.write(response, out);
        assertEquals(List.of("status 200", "header Content-Type: text/event-stream", "header Cache-Control: no-cache",
                "write data: 1\n\n", "flush", "write data: [DONE]\n\n", "flush"), out.events);
    }

    @Test
    void aClientThatLeftMakesTheSinkThrowSoTheRunStops() throws IOException {
        AtomicReference<IOException> seenByWriter = new AtomicReference<>();
        List<String> framesAfterFailure = new ArrayList<>();
        HttpResponse response = HttpResponse.builder(200)
                .body(Body.stream(sink -> {
                    try {
                        sink.send("data: 1\n\n".getBytes(StandardCharsets.UTF_8));
                        framesAfterFailure.add("sent anyway");
                    } catch (IOException e) {
                        seenByWriter.set(e);
                        throw e;
                    }
                }))
                .build();
        GcfExchange.write(response, new RecordingResponse().clientGone());
        assertInstanceOf(IOException.class, seenByWriter.get());
        assertTrue(framesAfterFailure.isEmpty());
    }

    @Test
    void bodyBytesAreWrittenUnchanged() throws IOException {
        byte[] binary = {0, (byte) 0xff, 10, 13};
        RecordingResponse out = new RecordingResponse();
        GcfExchange.write(HttpResponse.builder(200).body(binary).build(), out);
        assertArrayEquals(binary, out.body.toByteArray());
    }
}
