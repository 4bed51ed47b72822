package dev.agentport.lambdalocal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Objects;

/**
 * The HTTP answer the front sends back: status, header lines (a repeated header is several lines) and body.
 * For a streamed answer the body is empty here and follows separately.
 */
public record FunctionAnswer(int status, List<HeaderField> headers, byte[] body) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public FunctionAnswer {
        headers = List.copyOf(headers);
        Objects.requireNonNull(body, "body");
    }

    /**
     * What Lambda's front answers when the function failed, timed out or answered garbage: a 502 with a JSON body
     * {@code {"message":"Internal Server Error","errorType":...,"errorMessage":...}}. AWS sends only the message;
     * the error fields are added here to make local debugging easier.
     */
    public static FunctionAnswer functionError(FunctionError error) {
        ObjectNode body = JSON.createObjectNode();
        body.put("message", "Internal Server Error");
        body.put("errorType", error.errorType());
        body.put("errorMessage", error.errorMessage());
        return json(502, body);
    }

    /** A plain JSON answer from the front itself, e.g. a 413 for an event over the 6 MB invocation limit. */
    public static FunctionAnswer frontError(int status, String message) {
        ObjectNode body = JSON.createObjectNode();
        body.put("message", message);
        return json(status, body);
    }

    private static FunctionAnswer json(int status, ObjectNode body) {
        try {
            return new FunctionAnswer(status, List.of(new HeaderField("Content-Type", "application/json")),
                    JSON.writeValueAsBytes(body));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
