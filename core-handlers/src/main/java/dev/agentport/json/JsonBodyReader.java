package dev.agentport.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;

import java.io.CharConversionException;
import java.io.IOException;
import java.util.Locale;

/**
 * Reads a POST body as JSON, checking in a fixed order: media type, size, emptiness, syntax and encoding, then shape.
 * Every refusal is a {@link BodyProblem}; nothing here throws anything else.
 */
public final class JsonBodyReader {

    private final int maxBodyBytes;
    private final boolean missingMediaTypeIsJson;
    private final boolean jsonSuffixTypes;

    /**
     * @param maxBodyBytes           the largest body accepted
     * @param missingMediaTypeIsJson whether a request without {@code Content-Type} is read as JSON
     * @param jsonSuffixTypes        whether {@code application/*+json} types count as JSON
     */
    public JsonBodyReader(int maxBodyBytes, boolean missingMediaTypeIsJson, boolean jsonSuffixTypes) {
        this.maxBodyBytes = maxBodyBytes;
        this.missingMediaTypeIsJson = missingMediaTypeIsJson;
        this.jsonSuffixTypes = jsonSuffixTypes;
    }

    public int maxBodyBytes() {
        return maxBodyBytes;
    }

    /** The body as a JSON object. */
    public ObjectNode readObject(HttpRequest request) {
        JsonNode tree = read(request);
        if (!tree.isObject()) {
            throw new BodyProblem(BodyProblem.Kind.NOT_AN_OBJECT,
                    "request body must be a JSON object, got " + kind(tree));
        }
        return (ObjectNode) tree;
    }

    /**
     * Starts a one-pass reading of a body that must be a JSON object: past its {@code {}, or refused as
     * {@link #readObject} refuses any other value, once the whole document is read (so that a body that is not JSON is
     * refused by the parser first, as when it is read as a tree).
     */
    public static void startObject(JsonParser parser) throws IOException {
        String other = startObjectOrKind(parser);
        if (other != null) {
            throw new BodyProblem(BodyProblem.Kind.NOT_AN_OBJECT, "request body must be a JSON object, got " + other);
        }
    }

    /**
     * Reads a document's first token: {@code null} when it starts an object (the parser is past its {@code {}), else
     * the whole document is read and what it was is returned as {@link #kind} says it ("nothing" for no value).
     */
    public static String startObjectOrKind(JsonParser parser) throws IOException {
        JsonToken first = parser.nextToken();
        if (first == JsonToken.START_OBJECT) {
            return null;
        }
        JsonNode body = first == null ? null : Json.tree(parser);
        Json.requireEnd(parser);
        return body == null ? "nothing" : kind(body);
    }

    /** The body as any JSON value. */
    public JsonNode read(HttpRequest request) {
        return parse(checked(request), Json::parse);
    }

    /** Reads a body from a parser of it, in one pass; see {@link #read(HttpRequest, BodyParser)}. */
    @FunctionalInterface
    public interface BodyParser<T> {
        T read(JsonParser parser) throws IOException;
    }

    /**
     * The body as {@code reader} reads it from a parser, after the same checks and with the same refusals as
     * {@link #read(HttpRequest)}: {@code reader} reads the whole document (ending with {@link Json#requireEnd}), and
     * reads or passes over every value as {@link Json#parse} would ({@link Json#tree}, {@link Json#skip}).
     */
    public <T> T read(HttpRequest request, BodyParser<T> reader) {
        return parse(checked(request), bytes -> {
            try (JsonParser parser = Json.parser(bytes)) {
                return reader.read(parser);
            }
        });
    }

    /** The body, once its media type, size and emptiness are checked. */
    private byte[] checked(HttpRequest request) {
        checkMediaType(request.header(HttpHeaderNames.CONTENT_TYPE));
        byte[] body = request.body();
        if (body.length > maxBodyBytes) {
            throw new BodyProblem(BodyProblem.Kind.TOO_LARGE,
                    "request body is larger than the limit of " + maxBodyBytes + " bytes");
        }
        if (isBlank(body)) {
            throw new BodyProblem(BodyProblem.Kind.EMPTY, "request body is empty; send a JSON object");
        }
        return body;
    }

    /** The media type of a {@code Content-Type} value, lower case, without parameters; {@code ""} when absent. */
    public static String mediaType(String contentType) {
        if (contentType == null) {
            return "";
        }
        int parameters = contentType.indexOf(';');
        String type = parameters < 0 ? contentType : contentType.substring(0, parameters);
        return type.strip().toLowerCase(Locale.ROOT);
    }

    private void checkMediaType(String contentType) {
        String mediaType = mediaType(contentType);
        if (mediaType.isEmpty() && missingMediaTypeIsJson
                || mediaType.equals("application/json")
                || jsonSuffixTypes && mediaType.startsWith("application/") && mediaType.endsWith("+json")) {
            return;
        }
        throw new BodyProblem(BodyProblem.Kind.UNSUPPORTED_MEDIA_TYPE, mediaType.isEmpty()
                ? "Content-Type is missing; send application/json"
                : "Content-Type must be application/json, got '" + sanitize(mediaType) + "'");
    }

    private interface Parse<T> {
        T parse(byte[] body) throws IOException;
    }

    private static <T> T parse(byte[] body, Parse<T> parse) {
        try {
            return parse.parse(body);
        } catch (StreamConstraintsException e) {
            throw new BodyProblem(BodyProblem.Kind.NOT_JSON,
                    "request body is not accepted JSON: nesting deeper than " + Json.MAX_NESTING_DEPTH
                            + " levels or a value too long");
        } catch (CharConversionException e) {
            throw new BodyProblem(BodyProblem.Kind.NOT_JSON, "request body is not valid UTF-8");
        } catch (JsonProcessingException e) {
            String detail = e.getOriginalMessage();
            if (detail != null && detail.contains("UTF-8")) {
                throw new BodyProblem(BodyProblem.Kind.NOT_JSON, "request body is not valid UTF-8");
            }
            if (detail != null && detail.startsWith("Duplicate field")) {
                throw new BodyProblem(BodyProblem.Kind.NOT_JSON, "request body is not valid JSON: a duplicate key"
                        + location(e));
            }
            throw new BodyProblem(BodyProblem.Kind.NOT_JSON, "request body is not valid JSON" + location(e));
        } catch (IOException e) {
            throw new BodyProblem(BodyProblem.Kind.NOT_JSON, "request body is not valid JSON");
        }
    }

    private static String location(JsonProcessingException e) {
        return e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr()
                + ", column " + e.getLocation().getColumnNr() + ")";
    }

    private static boolean isBlank(byte[] body) {
        for (byte b : body) {
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return false;
            }
        }
        return true;
    }

    /** "an array", "a string", ... for messages. */
    public static String kind(JsonNode node) {
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
    public static String sanitize(String text) {
        StringBuilder sb = new StringBuilder(Math.min(text.length(), 64));
        for (int i = 0; i < text.length() && sb.length() < 64; i++) {
            char c = text.charAt(i);
            sb.append(c >= 0x20 && c < 0x7f ? c : '?');
        }
        return sb.toString();
    }
}
