package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.List;

/** Small helpers over Jackson trees, shared by the Terraform and SAM checks. */
final class Json {

    static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {
    }

    /** The field names of an object node, in order. */
    static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** The text at a JSON pointer, or null when nothing (or not a scalar) is there. */
    static String text(JsonNode node, String pointer) {
        JsonNode found = node.at(pointer);
        return found.isValueNode() ? found.asText() : null;
    }
}
