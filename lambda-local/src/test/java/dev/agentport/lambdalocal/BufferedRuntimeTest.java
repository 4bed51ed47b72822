package dev.agentport.lambdalocal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentport.lambdalocal.testfunctions.EchoHandler;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Runtime API end to end in buffered mode: a tiny handler run by the real AWS runtime interface client
 * (RIC 2.9.0) in a child process, behind the front.
 */
@Timeout(120)
class BufferedRuntimeTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static LambdaLocal local;

    @BeforeAll
    static void start() throws Exception {
        LocalSettings settings = TestSupport.settings(Map.of(
                "LAMBDA_HANDLER", EchoHandler.class.getName() + "::handleRequest",
                "LAMBDA_TIMEOUT_SECONDS", "4",
                "AWS_LAMBDA_FUNCTION_NAME", "echo"));
        local = LambdaLocal.start(settings, runtimeApi -> Launches.forMode(settings, TestSupport.testClasses(),
                runtimeApi, TestSupport.javaHome(), Map.of()));
    }

    @AfterAll
    static void stop() {
        if (local != null) {
            local.close();
        }
    }

    @Test
    void theFunctionsV2ResponseBecomesTheHttpResponse() throws Exception {
        HttpResponse<String> response = TestSupport.get(local.port(), "/hello");
        assertEquals(201, response.statusCode());
        assertEquals("application/json", response.headers().firstValue("content-type").orElseThrow());
        assertEquals(List.of("a=1; Path=/", "b=2"), response.headers().allValues("set-cookie"));
    }

    @Test
    void theHandlerGetsThePayload20EventAndTheLambdaContext() throws Exception {
        HttpResponse<String> response = TestSupport.CLIENT.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + local.port() + "/echo/path?x=1&x=2"))
                .header("Cookie", "c1=v1; c2=v2")
                .header("X-Multi", "a")
                .header("X-Multi", "b, c")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"input\":\"hi\"}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(201, response.statusCode());
        JsonNode event = JSON.readTree(response.body());
        assertEquals("2.0", event.get("version").asText());
        assertEquals("/echo/path", event.get("rawPath").asText());
        assertEquals("1,2", event.get("queryStringParameters").get("x").asText());
        assertEquals("c2=v2", event.get("cookies").get(1).asText());
        assertEquals("a,b, c", event.get("headers").get("x-multi").asText());
        assertEquals("{\"input\":\"hi\"}", event.get("body").asText());
        assertEquals("POST", event.get("requestContext").get("http").get("method").asText());

        String requestId = response.headers().firstValue("x-aws-request-id").orElseThrow();
        assertEquals(36, requestId.length(), requestId);
        assertEquals("arn:aws:lambda:us-east-1:123456789012:function:echo",
                response.headers().firstValue("x-function-arn").orElseThrow());
        assertEquals("echo", response.headers().firstValue("x-function-name").orElseThrow());
        long remaining = Long.parseLong(response.headers().firstValue("x-remaining-ms").orElseThrow());
        assertTrue(remaining > 1000 && remaining <= 4000, "remaining time from Lambda-Runtime-Deadline-Ms: " + remaining);
    }

    @Test
    void aFunctionErrorBecomesA502WithAJsonBody() throws Exception {
        HttpResponse<String> response = TestSupport.get(local.port(), "/boom");
        assertEquals(502, response.statusCode());
        JsonNode body = JSON.readTree(response.body());
        assertEquals("java.lang.IllegalStateException", body.get("errorType").asText());
        assertEquals("boom on purpose", body.get("errorMessage").asText());
    }

    @Test
    void aRequestOverLambdasSixMegabyteLimitIsA413() throws Exception {
        HttpResponse<String> response = TestSupport.CLIENT.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + local.port() + "/big"))
                .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[FrontServer.MAX_EVENT_BYTES + 1])).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(413, response.statusCode());
        assertEquals("Request Entity Too Large", JSON.readTree(response.body()).get("message").asText());
    }

    @Test
    void concurrentRequestsQueueAndAllGetAnswered() throws Exception {
        List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            calls.add(TestSupport.CLIENT.sendAsync(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + local.port() + "/queued/" + i)).build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
        for (CompletableFuture<HttpResponse<String>> call : calls) {
            assertEquals(201, call.get().statusCode());
        }
    }

    @Test
    void aTimedOutInvocationIsA502AndTheRestartedRuntimeServesTheNextRequest() throws Exception {
        HttpResponse<String> timedOut = TestSupport.get(local.port(), "/sleep");
        assertEquals(502, timedOut.statusCode());
        assertEquals("Sandbox.Timedout", JSON.readTree(timedOut.body()).get("errorType").asText());
        assertEquals(201, TestSupport.get(local.port(), "/after-timeout").statusCode());
    }
}
