package dev.agentport.gcf;

import com.google.cloud.functions.HttpFunction;
import com.google.cloud.functions.HttpRequest;
import com.google.cloud.functions.HttpResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A function that writes one fixed core response with repeated headers through the adapter, so a test can see what
 * the real invoker puts on the wire. (No contract endpoint repeats a header today.)
 */
public final class RepeatedHeadersFunction implements HttpFunction {

    @Override
    public void service(HttpRequest request, HttpResponse response) throws IOException {
        GcfExchange.write(dev.agentport.http.HttpResponse.builder(200)
                .header("Set-Cookie", "a=1; Path=/")
                .header("Set-Cookie", "b=2; Path=/")
                .header("X-Multi", "one")
                .header("X-Multi", "two")
                .contentType("text/plain")
                .body("ok".getBytes(StandardCharsets.UTF_8))
                .build(), response);
    }
}
