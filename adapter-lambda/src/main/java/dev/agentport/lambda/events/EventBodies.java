package dev.agentport.lambda.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.Headers;
import dev.agentport.http.HttpHeaderNames;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;

/**
 * Bodies in and out of events. Request bodies flagged {@code isBase64Encoded} are decoded leniently (the MIME decoder
 * skips line breaks and stray characters). A response body goes out as text only when its type is textual and its
 * bytes are valid UTF-8; anything else is base64 with the basic encoder (no line breaks), so it survives byte for byte.
 */
final class EventBodies {

    private static final byte[] EMPTY = new byte[0];

    private EventBodies() {
    }

    /** The body of a request event: its {@code body} text, base64-decoded when {@code isBase64Encoded} is true. */
    static byte[] request(JsonNode event, PayloadFormat format) {
        JsonNode body = event.path("body");
        if (body.isMissingNode() || body.isNull()) {
            return EMPTY;
        }
        if (!body.isTextual()) {
            throw new InvalidHttpEventException(format, "the event's body must be a string");
        }
        if (!event.path("isBase64Encoded").asBoolean(false)) {
            return body.asText().getBytes(StandardCharsets.UTF_8);
        }
        try {
            return Base64.getMimeDecoder().decode(body.asText());
        } catch (IllegalArgumentException e) {
            throw new InvalidHttpEventException(format, "the event's body is flagged isBase64Encoded but is not base64");
        }
    }

    /** Sets {@code body} and {@code isBase64Encoded} on a response event. */
    static void write(ObjectNode response, Headers headers, byte[] body) {
        if (body.length == 0) {
            response.put("body", "");
            response.put("isBase64Encoded", false);
        } else if (isText(headers) && isUtf8(body)) {
            response.put("body", new String(body, StandardCharsets.UTF_8));
            response.put("isBase64Encoded", false);
        } else {
            response.put("body", Base64.getEncoder().encodeToString(body));
            response.put("isBase64Encoded", true);
        }
    }

    /**
     * Whether a body of these headers is text: not content-encoded (gzip is bytes), and a {@code text/*} type or one
     * naming json, xml, javascript, yaml, event-stream or form data. Without a Content-Type, the bytes decide.
     */
    static boolean isText(Headers headers) {
        if (headers.contains("Content-Encoding")) {
            return false;
        }
        String contentType = headers.firstOrNull(HttpHeaderNames.CONTENT_TYPE);
        if (contentType == null) {
            return true;
        }
        int semicolon = contentType.indexOf(';');
        String type = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).strip()
                .toLowerCase(Locale.ROOT);
        return type.startsWith("text/")
                || type.contains("json")
                || type.contains("xml")
                || type.contains("javascript")
                || type.contains("yaml")
                || type.contains("event-stream")
                || type.equals("application/x-www-form-urlencoded")
                || type.equals("application/graphql");
    }

    private static boolean isUtf8(byte[] bytes) {
        if (isAscii(bytes)) {
            return true;
        }
        try {
            StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    private static boolean isAscii(byte[] bytes) {
        for (byte b : bytes) {
            if (b < 0) {
                return false;
            }
        }
        return true;
    }
}
