package dev.agentport.agentbreeder;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.Json;

import java.io.CharConversionException;
import java.io.IOException;
import java.util.Locale;

/**
 * Reads a POST body as a JSON object, in the order the contract checks it: content type (400), size (413), syntax and
 * encoding (400), then shape (422). Every refusal is a {@link ContractError}; nothing here can throw anything else.
 */
final class JsonBodies {

    private final int maxBodyBytes;

    JsonBodies(int maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    ObjectNode readObject(HttpRequest request) {
        checkContentType(request.header(HttpHeaderNames.CONTENT_TYPE));
        byte[] body = request.body();
        if (body.length > maxBodyBytes) {
            throw new ContractError(ErrorCode.PAYLOAD_TOO_LARGE,
                    "request body is larger than the limit of " + maxBodyBytes + " bytes");
        }
        if (isBlank(body)) {
            throw new ContractError(ErrorCode.INVALID_JSON, "request body is empty; send a JSON object");
        }
        JsonNode tree = parse(body);
        if (!tree.isObject()) {
            throw new ContractError(ErrorCode.VALIDATION_FAILED,
                    "request body must be a JSON object, got " + kind(tree));
        }
        return (ObjectNode) tree;
    }

    private static JsonNode parse(byte[] body) {
        try {
            return Json.parse(body);
        } catch (StreamConstraintsException e) {
            throw new ContractError(ErrorCode.INVALID_JSON,
                    "request body is not accepted JSON: nesting deeper than " + Json.MAX_NESTING_DEPTH
                            + " levels or a value too long");
        } catch (CharConversionException e) {
            throw new ContractError(ErrorCode.INVALID_JSON, "request body is not valid UTF-8");
        } catch (JsonProcessingException e) {
            String detail = e.getOriginalMessage();
            if (detail != null && detail.contains("UTF-8")) {
                throw new ContractError(ErrorCode.INVALID_JSON, "request body is not valid UTF-8");
            }
            throw new ContractError(ErrorCode.INVALID_JSON, "request body is not valid JSON"
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr() + ")"));
        } catch (IOException e) {
            throw new ContractError(ErrorCode.INVALID_JSON, "request body is not valid JSON");
        }
    }

    /** JSON is required; a missing Content-Type is read as JSON, any other media type is refused. */
    private static void checkContentType(String contentType) {
        if (contentType == null || contentType.isBlank()) {
            return;
        }
        String mediaType = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        if (mediaType.equals("application/json") || mediaType.endsWith("+json")) {
            return;
        }
        throw new ContractError(ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                "Content-Type must be application/json, got '" + sanitize(mediaType) + "'");
    }

    private static boolean isBlank(byte[] body) {
        for (byte b : body) {
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return false;
            }
        }
        return true;
    }

    static String kind(JsonNode node) {
        return switch (node.getNodeType()) {
            case ARRAY -> "an array";
            case OBJECT, POJO -> "an object";
            case STRING -> "a string";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case NULL -> "null";
            default -> "nothing";
        };
    }

    /** Keeps echoed caller text short and printable. */
    static String sanitize(String text) {
        StringBuilder sb = new StringBuilder(Math.min(text.length(), 64));
        for (int i = 0; i < text.length() && sb.length() < 64; i++) {
            char c = text.charAt(i);
            sb.append(c >= 0x20 && c < 0x7f ? c : '?');
        }
        return sb.toString();
    }
}
