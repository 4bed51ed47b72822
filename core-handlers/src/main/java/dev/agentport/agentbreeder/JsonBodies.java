package dev.agentport.agentbreeder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.BodyProblem;
import dev.agentport.json.JsonBodyReader;

/**
 * Reads a POST body as a JSON object and maps the neutral refusals to the contract's codes: content type (400), size
 * (413), syntax and encoding (400), then shape (422). A missing Content-Type is read as JSON.
 */
final class JsonBodies {

    private final JsonBodyReader reader;

    JsonBodies(int maxBodyBytes) {
        this.reader = new JsonBodyReader(maxBodyBytes, true, true);
    }

    ObjectNode readObject(HttpRequest request) {
        try {
            return reader.readObject(request);
        } catch (BodyProblem problem) {
            throw new ContractError(code(problem.kind()), problem.getMessage());
        }
    }

    /** The body as {@code read} reads it in one pass from a parser, with the same refusals as {@link #readObject}. */
    <T> T read(HttpRequest request, JsonBodyReader.BodyParser<T> read) {
        try {
            return reader.read(request, read);
        } catch (BodyProblem problem) {
            throw new ContractError(code(problem.kind()), problem.getMessage());
        }
    }

    static ErrorCode code(BodyProblem.Kind kind) {
        return switch (kind) {
            case UNSUPPORTED_MEDIA_TYPE -> ErrorCode.UNSUPPORTED_MEDIA_TYPE;
            case TOO_LARGE -> ErrorCode.PAYLOAD_TOO_LARGE;
            case EMPTY, NOT_JSON -> ErrorCode.INVALID_JSON;
            case NOT_AN_OBJECT -> ErrorCode.VALIDATION_FAILED;
        };
    }

    static String kind(JsonNode node) {
        return JsonBodyReader.kind(node);
    }

    static String sanitize(String text) {
        return JsonBodyReader.sanitize(text);
    }
}
