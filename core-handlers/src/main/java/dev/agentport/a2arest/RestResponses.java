package dev.agentport.a2arest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.WireValue;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.runtime.StoreOutage;

/** The binding's answers: {@code application/a2a+json} bodies, and errors as {@code {"error": google.rpc.Status}}. */
final class RestResponses {

    static final String MEDIA_TYPE = "application/a2a+json";

    private RestResponses() {
    }

    static HttpResponse ok(WireValue body) {
        return HttpResponse.builder(200).contentType(MEDIA_TYPE).body(body.bytes()).build();
    }

    static HttpResponse ok(byte[] body) {
        return HttpResponse.builder(200).contentType(MEDIA_TYPE).body(body).build();
    }

    static HttpResponse error(RestError error) {
        return HttpResponse.builder(error.httpStatus()).contentType(MEDIA_TYPE).body(Json.bytes(body(error))).build();
    }

    /** A state store that failed: 503 with {@code Retry-After}, as other unavailability is. */
    static HttpResponse storeUnavailable() {
        return error(RestError.storeUnavailable())
                .withHeader(HttpHeaderNames.RETRY_AFTER, StoreOutage.RETRY_AFTER_SECONDS);
    }

    /** {@code {"error":{"code","status","message","details":[ErrorInfo?]}}}. */
    static ObjectNode body(RestError error) {
        ObjectNode node = Json.object();
        ObjectNode status = node.putObject("error").put("code", error.httpStatus()).put("status", error.status())
                .put("message", error.message());
        var details = status.putArray("details");
        if (error.reason() != null) {
            details.addObject()
                    .put("@type", "type.googleapis.com/google.rpc.ErrorInfo")
                    .put("reason", error.reason())
                    .put("domain", "a2a-protocol.org");
        }
        return node;
    }
}
