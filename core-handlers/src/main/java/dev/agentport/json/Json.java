package dev.agentport.json;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.util.BufferRecycler;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The one Jackson set-up of the core. Reading is bounded: nesting depth and string and number lengths are capped, so
 * a hostile body fails fast with a parse error rather than exhausting the stack or the heap.
 */
public final class Json {

    /** Deepest nesting accepted in a request body. */
    public static final int MAX_NESTING_DEPTH = 64;

    public static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_NESTING_DEPTH)
                    .maxNumberLength(100)
                    .maxNameLength(10_000)
                    .build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** Reads one value of a document being read: the rest of the document follows it. */
    private static final ObjectReader VALUES = MAPPER.reader().without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private Json() {
    }

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** Parses a request body; throws {@link JsonProcessingException} (or another IOException) for anything invalid. */
    public static JsonNode parse(byte[] bytes) throws IOException {
        return MAPPER.readTree(bytes);
    }

    /** A parser of a request body, as {@link #parse} makes it. */
    public static JsonParser parser(byte[] bytes) throws IOException {
        return MAPPER.createParser(bytes);
    }

    /**
     * The value at {@code parser}'s current token as the tree {@link #parse} builds of it, read with the same parser
     * calls (so the same refusals); the parser is left on its last token.
     */
    public static JsonNode tree(JsonParser parser) throws IOException {
        JsonNode value = VALUES.readTree(parser);
        return value == null ? NullNode.getInstance() : value;
    }

    /**
     * {@link #tree}, with objects, arrays, strings, {@code int} and {@code long} numbers, booleans and null built here
     * with the calls Jackson's tree reader makes on the parser (so the same nodes and refusals): {@link #tree} makes a
     * deserialization context and a container stack for every call, which for a request's small params costs as much
     * as the nodes. Other values (other numbers, embedded objects) go to {@link #tree}.
     */
    public static JsonNode treeOf(JsonParser parser) throws IOException {
        return switch (parser.currentToken()) {
            case START_OBJECT -> {
                ObjectNode object = object();
                for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
                    parser.nextToken();
                    object.set(name, treeOf(parser));
                }
                yield object;
            }
            case START_ARRAY -> {
                ArrayNode array = MAPPER.createArrayNode();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    array.add(treeOf(parser));
                }
                yield array;
            }
            case VALUE_STRING -> TextNode.valueOf(parser.getText());
            case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
                case INT -> IntNode.valueOf(parser.getIntValue());
                case LONG -> LongNode.valueOf(parser.getLongValue());
                default -> tree(parser);
            };
            case VALUE_TRUE -> BooleanNode.TRUE;
            case VALUE_FALSE -> BooleanNode.FALSE;
            case VALUE_NULL -> NullNode.getInstance();
            default -> tree(parser);
        };
    }

    /**
     * Passes over the value at {@code parser}'s current token, refusing what {@link #tree} would refuse: a string is
     * read as the tree reads it, anything but {@code true}, {@code false} and {@code null} is read as a tree.
     */
    public static void skip(JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_STRING) {
            parser.getText();
        } else if (token != JsonToken.VALUE_TRUE && token != JsonToken.VALUE_FALSE && token != JsonToken.VALUE_NULL) {
            tree(parser);
        }
    }

    /** The value at {@code parser}'s current token if it is a string, else {@code null}, the value passed over. */
    public static String stringOrSkip(JsonParser parser) throws IOException {
        if (parser.currentToken() == JsonToken.VALUE_STRING) {
            return parser.getText();
        }
        skip(parser);
        return null;
    }

    /** {@link #skip}, as {@code null} of the type a reader expected in that place. */
    public static <T> T skipped(JsonParser parser) throws IOException {
        skip(parser);
        return null;
    }

    /** After a document's value: refuses anything more, as {@link #parse} does. */
    public static void requireEnd(JsonParser parser) throws IOException {
        JsonToken trailing = parser.nextToken();
        if (trailing != null) {
            throw MismatchedInputException.from(parser, JsonNode.class, "Trailing token (of type " + trailing
                    + ") found after value (bound as `" + JsonNode.class.getName() + "`): not allowed as per "
                    + "`DeserializationFeature.FAIL_ON_TRAILING_TOKENS`");
        }
    }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static byte[] bytes(Object value) {
        if (value instanceof JsonNode node) { // every answer built as a tree: written without a serializer provider
            return written(json -> writeNode(json, node));
        }
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes one JSON value through a generator of {@link #MAPPER}: for answers of every request, with no tree. */
    @FunctionalInterface
    public interface ValueWriter {
        void write(JsonGenerator json) throws IOException;
    }

    /** The bytes {@code writer} writes; the same bytes as {@link #bytes} of the tree it would have built. */
    public static byte[] written(ValueWriter writer) {
        // the buffers as ObjectMapper.writeValueAsBytes takes them: recycled, not made anew for every answer
        BufferRecycler recycler = MAPPER.getFactory()._getBufferRecycler();
        try (ByteArrayBuilder buffer = new ByteArrayBuilder(recycler)) {
            try (JsonGenerator json = MAPPER.createGenerator(buffer, JsonEncoding.UTF8)) {
                writer.write(json);
            }
            byte[] bytes = buffer.toByteArray();
            buffer.release();
            return bytes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            recycler.releaseToPool();
        }
    }

    /**
     * Writes {@code node} as {@link #MAPPER} would. Objects, arrays, strings, whole numbers, doubles, booleans and null
     * are written here: {@code MAPPER.writeTree} makes a serializer provider for every call (a fifth of writing a whole
     * task); other nodes (big numbers, binary, POJOs) go to it. A {@link LazyObjectNode} whose tree was never made is
     * written from its source.
     */
    public static void writeNode(JsonGenerator json, JsonNode node) throws IOException {
        switch (node.getNodeType()) {
            case STRING -> json.writeString(node.textValue());
            case OBJECT -> {
                if (node instanceof LazyObjectNode lazy && lazy.writeUnmade(json)) {
                    return;
                }
                json.writeStartObject(node);
                for (Map.Entry<String, JsonNode> field : node.properties()) {
                    json.writeFieldName(field.getKey());
                    writeNode(json, field.getValue());
                }
                json.writeEndObject();
            }
            case ARRAY -> {
                json.writeStartArray(node, node.size());
                for (JsonNode element : node) {
                    writeNode(json, element);
                }
                json.writeEndArray();
            }
            case BOOLEAN -> json.writeBoolean(node.booleanValue());
            case NULL -> json.writeNull();
            case NUMBER -> {
                if (node.isInt()) {
                    json.writeNumber(node.intValue());
                } else if (node.isLong()) {
                    json.writeNumber(node.longValue());
                } else if (node.isDouble()) {
                    json.writeNumber(node.doubleValue());
                } else {
                    MAPPER.writeTree(json, node);
                }
            }
            default -> MAPPER.writeTree(json, node);
        }
    }
}
