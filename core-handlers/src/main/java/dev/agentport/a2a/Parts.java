package dev.agentport.a2a;

import com.fasterxml.jackson.core.JsonGenerator;
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
        out.writeStartObject();
        switch (part) {
            case Part.Text text -> {
                out.writeStringField("kind", "text");
                out.writeStringField("text", text.text());
            }
            case Part.Data data -> {
                out.writeStringField("kind", "data");
                out.writeFieldName("data");
                Json.writeNode(out, data.data());
            }
            case Part.File file -> {
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

    private static Part readOne(JsonNode node) {
        if (!node.isObject()) {
            return null;
        }
        String kind = node.path("kind").asText("");
        if (node.path("text").isTextual() && (kind.isEmpty() || kind.equals("text"))) {
            return Part.text(node.get("text").asText());
        }
        if (node.path("file").isObject()) {
            JsonNode file = node.get("file");
            return file(text(file, "name"), text(file, "mimeType"), text(file, "bytes"), text(file, "uri"));
        }
        if (node.has("raw") || node.has("url")) {
            return file(text(node, "filename"), text(node, "mediaType"), text(node, "raw"), text(node, "url"));
        }
        JsonNode data = node.get("data");
        if (data != null && !data.isNull()) {
            return Part.data(data);
        }
        return null;
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
