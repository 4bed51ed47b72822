package dev.agentport.gcf;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the real invoker puts on the wire for a core response that repeats a header. */
class RepeatedHeadersOverInvokerTest {

    private static InvokerProcess invoker;

    @BeforeAll
    static void start() throws Exception {
        invoker = InvokerProcess.start(RepeatedHeadersFunction.class.getName(), Map.of());
    }

    @AfterAll
    static void stop() throws Exception {
        if (invoker != null) {
            invoker.close();
        }
    }

    @Test
    void repeatedResponseHeadersKeepEveryValue() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(invoker.uri("/")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), invoker.output());
        assertEquals(List.of("a=1; Path=/", "b=2; Path=/"), response.headers().allValues("Set-Cookie"));
        assertEquals(List.of("one", "two"), response.headers().allValues("X-Multi"));
        assertEquals("ok", response.body());
    }
}
