package dev.agentport.lambdalocal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Turns what a function returned into HTTP, the way API Gateway (payload 2.0) and Function URLs do. Pure.
 *
 * <ul>
 *   <li>a JSON object with a {@code statusCode} is a structured response: {@code statusCode}, {@code headers},
 *       {@code cookies} (one {@code Set-Cookie} each), {@code body}, {@code isBase64Encoded};</li>
 *   <li>any other valid JSON is sent as is, with status 200 and {@code Content-Type: application/json};</li>
 *   <li>anything else is a malformed response: 502.</li>
 * </ul>
 */
public final class FunctionAnswers {

    /** The content type that announces a streamed response starting with a JSON prelude and 8 NUL bytes. */
    public static final String HTTP_INTEGRATION_RESPONSE = "application/vnd.awslambda.http-integration-response";

    private static final ObjectMapper JSON = new ObjectMapper();

    private FunctionAnswers() {
    }

    /** The HTTP answer for a buffered (whole) function response payload. */
    public static FunctionAnswer fromBufferedPayload(byte[] payload) {
        JsonNode root;
        try {
            root = JSON.readTree(payload);
        } catch (java.io.IOException notJson) {
            return malformed("the function response is not valid JSON");
        }
        if (root == null || root.isMissingNode()) {
            return malformed("the function response is empty");
        }
        if (!root.isObject() || !root.has("statusCode")) {
            return new FunctionAnswer(200, List.of(new HeaderField("Content-Type", "application/json")), payload);
        }
        JsonNode statusCode = root.get("statusCode");
        if (!statusCode.canConvertToInt() || statusCode.asInt() < 100 || statusCode.asInt() > 599) {
            return malformed("statusCode " + statusCode + " is not an HTTP status");
        }
        List<HeaderField> headers = headerLines(root);
        JsonNode bodyNode = root.path("body");
        String body = bodyNode.isMissingNode() || bodyNode.isNull() ? ""
                : bodyNode.isTextual() ? bodyNode.asText() : bodyNode.toString();
        byte[] bytes;
        if (root.path("isBase64Encoded").asBoolean(false)) {
            try {
                bytes = Base64.getMimeDecoder().decode(body);
            } catch (IllegalArgumentException e) {
                return malformed("body is marked isBase64Encoded but is not base64");
            }
        } else {
            bytes = body.getBytes(StandardCharsets.UTF_8);
        }
        return new FunctionAnswer(statusCode.asInt(), headers, bytes);
    }

    /**
     * The status and headers of a streamed response, from its JSON prelude
     * {@code {"statusCode":..., "headers":{...}, "cookies":[...]}}; status 200 when the prelude has none.
     */
    public static FunctionAnswer fromStreamingPrelude(byte[] prelude) throws MalformedResponseException {
        JsonNode root;
        try {
            root = JSON.readTree(prelude);
        } catch (java.io.IOException notJson) {
            throw new MalformedResponseException("the streaming prelude is not valid JSON");
        }
        if (root == null || !root.isObject()) {
            throw new MalformedResponseException("the streaming prelude is not a JSON object");
        }
        JsonNode statusCode = root.path("statusCode");
        int status = statusCode.isMissingNode() ? 200 : statusCode.asInt(0);
        if (status < 100 || status > 599) {
            throw new MalformedResponseException("statusCode " + statusCode + " is not an HTTP status");
        }
        return new FunctionAnswer(status, headerLines(root), new byte[0]);
    }

    private static List<HeaderField> headerLines(JsonNode root) {
        List<HeaderField> headers = new ArrayList<>();
        for (Map.Entry<String, JsonNode> header : root.path("headers").properties()) {
            JsonNode value = header.getValue();
            if (!value.isNull()) {
                headers.add(new HeaderField(header.getKey(), value.isTextual() ? value.asText() : value.toString()));
            }
        }
        for (JsonNode cookie : root.path("cookies")) {
            headers.add(new HeaderField("Set-Cookie", cookie.asText()));
        }
        return headers;
    }

    private static FunctionAnswer malformed(String why) {
        return new MalformedResponseException(why).answer();
    }
}
