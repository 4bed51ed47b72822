package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.json.Json;

import java.util.Iterator;
import java.util.TreeSet;

/** JSON written with object keys sorted, so that two equal documents in any key order write the same text. */
final class Canonical {

    private Canonical() {
    }

    static String write(JsonNode node) {
        StringBuilder out = new StringBuilder();
        append(node, out);
        return out.toString();
    }

    private static void append(JsonNode node, StringBuilder out) {
        if (node.isObject()) {
            out.append('{');
            TreeSet<String> names = new TreeSet<>();
            node.fieldNames().forEachRemaining(names::add);
            String separator = "";
            for (String name : names) {
                out.append(separator).append(Json.write(name)).append(':');
                append(node.get(name), out);
                separator = ",";
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
                append(it.next(), out);
                if (it.hasNext()) {
                    out.append(',');
                }
            }
            out.append(']');
        } else {
            out.append(Json.write(node));
        }
    }
}
