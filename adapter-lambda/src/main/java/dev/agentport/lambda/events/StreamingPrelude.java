package dev.agentport.lambda.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;

import java.util.Arrays;

/**
 * The start of a streamed Function URL response ({@code application/vnd.awslambda.http-integration-response}):
 * {@code {"statusCode":..,"headers":{..},"cookies":[..]}} followed by eight NUL bytes; the body bytes follow as they
 * are produced. Headers follow the 2.0 rules (Set-Cookie in {@code cookies}, repeated values joined).
 */
public final class StreamingPrelude {

    public static final String CONTENT_TYPE = "application/vnd.awslambda.http-integration-response";
    static final int SEPARATOR_LENGTH = 8;

    private StreamingPrelude() {
    }

    public static byte[] of(HttpResponse response) {
        ObjectNode prelude = Json.object();
        prelude.put("statusCode", response.status());
        V2Events.putHeadersAndCookies(prelude, response.headers());
        byte[] json = Json.bytes(prelude);
        return Arrays.copyOf(json, json.length + SEPARATOR_LENGTH);
    }
}
