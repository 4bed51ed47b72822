package dev.agentport.a2a;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.agent.Part;
import dev.agentport.json.Json;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Message and artifact parts on the wire. Written with A2A 0.3's {@code kind} next to the fields A2A 1.0 and Daedalus
 * read ({@code {"kind":"text","text":...}}); read in either form, 0.3 ({@code kind}, {@code file.bytes|uri}) or 1.0
 * ({@code text}, {@code raw|url}, {@code data}). Parts that are neither are skipped, never refused.
 */
public final class Parts {

    private Parts() {
    }

    public static void write(JsonGenerator out, List<Part> parts) throws IOException {
        out.writeStartArray();
        for (Part part : parts) {
            write(out, part);
        }
        out.writeEndArray();
    }

    public static void write(JsonGenerator out, Part part) throws IOException {
        write(out, part, ProtoJsonEdits.OFF);
    }

    static void write(JsonGenerator out, Part part, ProtoJsonEdits edits) throws IOException {
        out.writeStartObject();
        int kind = edits.at(out);
        switch (part) {
            case Part.Text text -> {
                out.writeStringField("kind", "text");
                edits.dropMember(kind, out);
                out.writeStringField("text", text.text());
            }
            case Part.Data data -> {
                out.writeStringField("kind", "data");
                edits.dropMember(kind, out);
                out.writeFieldName("data");
                Json.writeNode(out, data.data());
            }
            case Part.File file -> {
                edits.cannotEdit();
                out.writeStringField("kind", "file");
                out.writeObjectFieldStart("file");
                if (file.name() != null) {
                    out.writeStringField("name", file.name());
                }
                if (file.mimeType() != null) {
                    out.writeStringField("mimeType", file.mimeType());
                }
                if (file.bytes() != null) {
                    out.writeStringField("bytes", Base64.getEncoder().encodeToString(file.bytes()));
                } else {
                    out.writeStringField("uri", file.uri());
                }
                out.writeEndObject();
            }
        }
        out.writeEndObject();
    }

    /** The parts of a message; anything that is not an array reads as no parts. */
    public static List<Part> read(JsonNode parts) {
        List<Part> read = new ArrayList<>();
        if (parts == null || !parts.isArray()) {
            return read;
        }
        for (JsonNode node : parts) {
            Part part = readOne(node);
            if (part != null) {
                read.add(part);
            }
        }
        return read;
    }

    /** The parts of a message from a parser on the array's first token, read as {@link #read(JsonNode)} reads them. */
    public static List<Part> read(JsonParser parser) throws IOException {
        List<Part> read = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            if (parser.currentToken() != JsonToken.START_OBJECT) {
                Json.skip(parser);
                continue;
            }
            Part part = readOne(parser).part();
            if (part != null) {
                read.add(part);
            }
        }
        return read;
    }

    private static Part readOne(JsonNode node) {
        if (!node.isObject()) {
            return null;
        }
        JsonNode file = node.path("file");
        return new Read(node.path("kind").asText(""), text(node, "text"), file.isObject(), text(file, "name"),
                text(file, "mimeType"), text(file, "bytes"), text(file, "uri"), node.has("raw") || node.has("url"),
                text(node, "filename"), text(node, "mediaType"), text(node, "raw"), text(node, "url"),
                node.get("data")).part();
    }

    private static Read readOne(JsonParser parser) throws IOException {
        String kind = "";
        String text = null;
        String[] file = null;
        boolean rawOrUrl = false;
        String filename = null;
        String mediaType = null;
        String raw = null;
        String url = null;
        JsonNode data = null;
        for (String field = parser.nextFieldName(); field != null; field = parser.nextFieldName()) {
            JsonToken value = parser.nextToken();
            switch (field) {
                case "kind" -> kind = value == JsonToken.VALUE_STRING ? parser.getText() : Json.tree(parser).asText("");
                case "text" -> text = Json.stringOrSkip(parser);
                case "file" -> file = value == JsonToken.START_OBJECT ? file(parser) : Json.skipped(parser);
                case "filename" -> filename = Json.stringOrSkip(parser);
                case "mediaType" -> mediaType = Json.stringOrSkip(parser);
                case "raw" -> {
                    rawOrUrl = true;
                    raw = Json.stringOrSkip(parser);
                }
                case "url" -> {
                    rawOrUrl = true;
                    url = Json.stringOrSkip(parser);
                }
                case "data" -> data = Json.tree(parser);
                default -> Json.skip(parser);
            }
        }
        return file == null
                ? new Read(kind, text, false, null, null, null, null, rawOrUrl, filename, mediaType, raw, url, data)
                : new Read(kind, text, true, file[0], file[1], file[2], file[3], rawOrUrl, filename, mediaType, raw,
                        url, data);
    }

    /** A 0.3 {@code file} object's name, mime type, bytes and uri, each a string or {@code null}. */
    private static String[] file(JsonParser parser) throws IOException {
        String[] file = new String[4];
        for (String field = parser.nextFieldName(); field != null; field = parser.nextFieldName()) {
            parser.nextToken();
            switch (field) {
                case "name" -> file[0] = Json.stringOrSkip(parser);
                case "mimeType" -> file[1] = Json.stringOrSkip(parser);
                case "bytes" -> file[2] = Json.stringOrSkip(parser);
                case "uri" -> file[3] = Json.stringOrSkip(parser);
                default -> Json.skip(parser);
            }
        }
        return file;
    }

    /**
     * What decides a part, however it was read: string members as strings or {@code null}, {@code kind} as text
     * ({@code ""} when absent), {@code data} as a tree.
     */
    private record Read(String kind, String text, boolean fileObject, String fileName, String fileMimeType,
                        String fileBytes, String fileUri, boolean rawOrUrl, String filename, String mediaType,
                        String raw, String url, JsonNode data) {

        /** The part, or {@code null} for one that is none of text, file and data. */
        Part part() {
            if (text != null && (kind.isEmpty() || kind.equals("text"))) {
                return Part.text(text);
            }
            if (fileObject) {
                return file(fileName, fileMimeType, fileBytes, fileUri);
            }
            if (rawOrUrl) {
                return file(filename, mediaType, raw, url);
            }
            if (data != null && !data.isNull()) {
                return Part.data(data);
            }
            return null;
        }
    }

    private static Part file(String name, String mimeType, String base64, String uri) {
        byte[] bytes = null;
        if (base64 != null) {
            try {
                bytes = Base64.getDecoder().decode(base64);
            } catch (IllegalArgumentException e) {
                bytes = null;
            }
        }
        return bytes == null && uri == null ? null : new Part.File(name, mimeType, bytes, uri);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() ? value.asText() : null;
    }
}
