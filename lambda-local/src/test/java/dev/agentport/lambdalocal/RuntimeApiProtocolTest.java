package dev.agentport.lambdalocal;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Runtime API's HTTP protocol itself, spoken by a plain HTTP client standing in for a runtime. */
@Timeout(30)
class RuntimeApiProtocolTest {

    private Invocations invocations;
    private RuntimeApiServer server;

    @BeforeEach
    void start() throws Exception {
        invocations = new Invocations(Duration.ofSeconds(30), Duration.ofSeconds(30), Clock.systemUTC());
        server = new RuntimeApiServer(new RuntimeApiRoutes(invocations,
                "arn:aws:lambda:us-east-1:123456789012:function:f", RuntimeObserver.NONE)).start();
    }

    @AfterEach
    void stop() {
        server.close();
        invocations.close();
    }

    private URI uri(String path) {
        return URI.create("http://" + server.address() + "/2018-06-01/runtime/" + path);
    }

    @Test
    void nextWaitsForAnInvocationAndCarriesTheLambdaHeaders() throws Exception {
        CompletableFuture<HttpResponse<String>> next = TestSupport.CLIENT.sendAsync(
                HttpRequest.newBuilder(uri("invocation/next")).build(), HttpResponse.BodyHandlers.ofString());
        Thread.sleep(300);
        assertFalse(next.isDone(), "next must block while nothing is queued");

        long before = System.currentTimeMillis();
        invocations.submit(new Invocation("req-1", "{\"k\":1}".getBytes(StandardCharsets.UTF_8), "Root=1-a-b"));
        HttpResponse<String> response = next.get(10, TimeUnit.SECONDS);
        assertEquals(200, response.statusCode());
        assertEquals("{\"k\":1}", response.body());
        assertEquals("req-1", response.headers().firstValue("Lambda-Runtime-Aws-Request-Id").orElseThrow());
        assertEquals("Root=1-a-b", response.headers().firstValue("Lambda-Runtime-Trace-Id").orElseThrow());
        assertEquals("arn:aws:lambda:us-east-1:123456789012:function:f",
                response.headers().firstValue("Lambda-Runtime-Invoked-Function-Arn").orElseThrow());
        long deadline = Long.parseLong(response.headers().firstValue("Lambda-Runtime-Deadline-Ms").orElseThrow());
        assertTrue(deadline >= before + 29_000 && deadline <= System.currentTimeMillis() + 30_000, "deadline " + deadline);
    }

    @Test
    void aBufferedResponseIsAcceptedWith202AndReachesTheInvocation() throws Exception {
        Invocation invocation = new Invocation("req-2", "{}".getBytes(StandardCharsets.UTF_8), "Root=1-a-b");
        invocations.submit(invocation);
        TestSupport.CLIENT.send(HttpRequest.newBuilder(uri("invocation/next")).build(),
                HttpResponse.BodyHandlers.discarding());
        HttpResponse<String> posted = TestSupport.CLIENT.send(HttpRequest.newBuilder(uri("invocation/req-2/response"))
                .POST(HttpRequest.BodyPublishers.ofString("{\"statusCode\":204}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(202, posted.statusCode());
        assertInstanceOf(ReplyPart.Started.class, invocation.nextPart(Duration.ofSeconds(1)).orElseThrow());
        assertEquals("{\"statusCode\":204}", new String(((ReplyPart.Chunk) invocation.nextPart(Duration.ofSeconds(1))
                .orElseThrow()).bytes(), StandardCharsets.UTF_8));
        assertInstanceOf(ReplyPart.Finished.class, invocation.nextPart(Duration.ofSeconds(1)).orElseThrow());
    }

    @Test
    void anAnswerForAnUnknownRequestIdIsA400() throws Exception {
        HttpResponse<String> posted = TestSupport.CLIENT.send(HttpRequest.newBuilder(uri("invocation/nope/response"))
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(400, posted.statusCode());
        assertTrue(posted.body().contains("InvalidRequestID"));
    }

    @Test
    void anInitErrorFailsTheQueuedInvocationsAndIsAcceptedWith202() throws Exception {
        Invocation invocation = new Invocation("req-3", "{}".getBytes(StandardCharsets.UTF_8), "Root=1-a-b");
        invocations.submit(invocation);
        HttpResponse<String> posted = TestSupport.CLIENT.send(HttpRequest.newBuilder(uri("init/error"))
                .header("Lambda-Runtime-Function-Error-Type", "Runtime.ClassNotFound")
                .POST(HttpRequest.BodyPublishers.ofString("{\"errorMessage\":\"no such class\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(202, posted.statusCode());
        ReplyPart.Failed failed = assertInstanceOf(ReplyPart.Failed.class,
                invocation.nextPart(Duration.ofSeconds(1)).orElseThrow());
        assertEquals("Runtime.InitError", failed.error().errorType());
        assertTrue(failed.error().errorMessage().contains("no such class"));
    }

    @Test
    void aRequestQueuedBetweenAnInitErrorAndTheRuntimesExitWaitsForTheNextInit() throws Exception {
        HttpResponse<String> posted = TestSupport.CLIENT.send(HttpRequest.newBuilder(uri("init/error"))
                .POST(HttpRequest.BodyPublishers.ofString("{\"errorMessage\":\"no such class\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(202, posted.statusCode());
        Invocation invocation = new Invocation("req-4", "{}".getBytes(StandardCharsets.UTF_8), "Root=1-a-b");
        invocations.submit(invocation);
        invocations.runtimeExited(1);
        assertTrue(invocation.nextPart(Duration.ofMillis(300)).isEmpty(),
                "the exit of a runtime that reported its init error fails nothing queued after it");
    }

    @Test
    void aRuntimeThatExitsBeforeAskingForAnInvocationFailsWhatWaitsWithRuntimeExitError() throws Exception {
        invocations.runtimeStarting();
        Invocation invocation = new Invocation("req-5", "{}".getBytes(StandardCharsets.UTF_8), "Root=1-a-b");
        invocations.submit(invocation);
        invocations.runtimeExited(1);
        ReplyPart.Failed failed = assertInstanceOf(ReplyPart.Failed.class,
                invocation.nextPart(Duration.ofSeconds(1)).orElseThrow());
        assertEquals("Runtime.ExitError", failed.error().errorType());
    }

    @Test
    void aLateNextOfAnExitedRuntimeDoesNotMarkTheNextOneAsHavingAsked() throws Exception {
        invocations.runtimeStarting();
        // the dead runtime's /next, its connection dropped, reaches the queue only after the next runtime started
        assertTrue(invocations.take(() -> false).isEmpty());
        Invocation invocation = new Invocation("req-6", "{}".getBytes(StandardCharsets.UTF_8), "Root=1-a-b");
        invocations.submit(invocation);
        invocations.runtimeExited(1);
        ReplyPart.Failed failed = assertInstanceOf(ReplyPart.Failed.class,
                invocation.nextPart(Duration.ofSeconds(1)).orElseThrow());
        assertEquals("Runtime.ExitError", failed.error().errorType());
    }

    @Test
    void anExitForgetsThatTheExitedRuntimeAsked() throws Exception {
        invocations.runtimeStarting();
        AtomicInteger checks = new AtomicInteger();
        assertTrue(invocations.take(() -> checks.getAndIncrement() < 2).isEmpty(), "asked, then hung up");
        invocations.runtimeExited(1);
        Invocation invocation = new Invocation("req-7", "{}".getBytes(StandardCharsets.UTF_8), "Root=1-a-b");
        invocations.submit(invocation);
        invocations.runtimeExited(1); // one more exit with no request in between: an init that failed
        ReplyPart.Failed failed = assertInstanceOf(ReplyPart.Failed.class,
                invocation.nextPart(Duration.ofSeconds(1)).orElseThrow());
        assertEquals("Runtime.ExitError", failed.error().errorType());
    }

    @Test
    void aRuntimeThatHangsUpWhileWaitingDoesNotSwallowTheNextInvocation() throws Exception {
        String[] address = server.address().split(":");
        try (java.net.Socket gone = new java.net.Socket(address[0], Integer.parseInt(address[1]))) {
            gone.getOutputStream().write("GET /2018-06-01/runtime/invocation/next HTTP/1.1\r\nHost: x\r\n\r\n"
                    .getBytes(StandardCharsets.ISO_8859_1));
            gone.getOutputStream().flush();
            Thread.sleep(300);
        }
        Thread.sleep(500);
        invocations.submit(new Invocation("req-4", "{}".getBytes(StandardCharsets.UTF_8), "Root=1-a-b"));
        HttpResponse<String> next = TestSupport.CLIENT.send(HttpRequest.newBuilder(uri("invocation/next"))
                .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals("req-4", next.headers().firstValue("Lambda-Runtime-Aws-Request-Id").orElseThrow());
    }

    @Test
    void anUnknownEndpointIsA404() throws Exception {
        HttpResponse<String> response = TestSupport.CLIENT.send(HttpRequest.newBuilder(uri("nothing/here")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(404, response.statusCode());
    }
}
