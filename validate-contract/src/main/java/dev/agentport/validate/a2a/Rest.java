package dev.agentport.validate.a2a;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.Shape;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Requests to the HTTP+JSON interface of A2A 1.0 (specification section 11): resource paths under the interface's
 * URL, {@code application/a2a+json} bodies, {@code A2A-Version: 1.0}, and errors as {@code google.rpc.Status}.
 */
final class Rest {

    static final String MEDIA_TYPE = "application/a2a+json";
    /** What 11.1 says SHOULD be used, and the JSON type a server may still answer. */
    static final List<String> MEDIA_TYPES = List.of(MEDIA_TYPE, "application/json");

    private Rest() {
    }

    /** The HTTP+JSON 1.0 interface, or a skip when the card does not list it. */
    static Endpoint endpoint(Probe probe) {
        return A2aCard.of(probe).endpoint(A2aCard.HTTP_JSON, Version.V1_0);
    }

    static Request.Builder get(Endpoint endpoint, String resource) {
        return Request.get(path(endpoint, resource)).authorized().header("A2A-Version", "1.0");
    }

    static Request.Builder post(Endpoint endpoint, String resource, JsonNode body) {
        return Request.post(path(endpoint, resource)).authorized().header("A2A-Version", "1.0")
                .body(MEDIA_TYPE, body.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** The body of a 200 answer, as JSON. */
    static JsonNode ok(Answer answer) {
        Expect.status(answer, 200);
        mediaType(answer);
        return Shape.object(answer.json(), "the body " + answer.request() + " answered");
    }

    /**
     * An A2A error: the status, and a {@code google.rpc.Status} whose details hold the {@code google.rpc.ErrorInfo}
     * with the reason, in the domain {@code a2a-protocol.org} (11.6).
     */
    static void error(Answer answer, int status, String reason) {
        Expect.status(answer, status);
        mediaType(answer);
        String where = "the error " + answer.request() + " answered";
        JsonNode error = Shape.object(Shape.object(answer.json(), where), "error", where);
        Expect.equal((long) status, Shape.integer(error, "code", 0, 999, where + ".error"), where + "'s error.code");
        Shape.string(error, "message", where + ".error");
        JsonNode details = Shape.array(error, "details", 1, where + ".error");
        for (JsonNode detail : details) {
            Shape.string(Shape.object(detail, where + "'s detail"), "@type", where + "'s detail");
            if (detail.path("@type").asText().equals("type.googleapis.com/google.rpc.ErrorInfo")
                    && detail.path("reason").asText().equals(reason)) {
                Expect.equal("a2a-protocol.org", detail.path("domain").asText(null), where + "'s ErrorInfo domain");
                return;
            }
        }
        throw new RuleFailed(where + " has no google.rpc.ErrorInfo with reason " + reason + " in error.details: "
                + details);
    }

    private static void mediaType(Answer answer) {
        Expect.that(MEDIA_TYPES.contains(answer.mediaType()), answer.request() + " answered Content-Type \""
                + answer.header("content-type") + "\", expected " + MEDIA_TYPE);
    }

    private static String path(Endpoint endpoint, String resource) {
        String base = endpoint.path().endsWith("/") ? endpoint.path().substring(0, endpoint.path().length() - 1)
                : endpoint.path();
        return base + resource;
    }
}
