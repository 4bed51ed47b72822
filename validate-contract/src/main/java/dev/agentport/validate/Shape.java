package dev.agentport.validate;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Collection;

/**
 * Checks of a JSON document's shape, field by field, for rules that check a contract's schema in code. Each names the
 * field as {@code where.field} and what was wrong, and throws {@link RuleFailed}.
 */
public final class Shape {

    private Shape() {
    }

    /** {@code node} itself is a JSON object. */
    public static JsonNode object(JsonNode node, String where) {
        if (node == null || !node.isObject()) {
            throw new RuleFailed(where + " is not a JSON object: " + show(node));
        }
        return node;
    }

    /** The field is an object. */
    public static JsonNode object(JsonNode parent, String field, String where) {
        JsonNode value = required(parent, field, where);
        if (!value.isObject()) {
            throw wrong(where, field, "an object", value);
        }
        return value;
    }

    /** The field is an object, or absent ({@code null} then). */
    public static JsonNode optionalObject(JsonNode parent, String field, String where) {
        return parent.has(field) ? object(parent, field, where) : null;
    }

    /** The field is a string, maybe empty. */
    public static String string(JsonNode parent, String field, String where) {
        JsonNode value = required(parent, field, where);
        if (!value.isTextual()) {
            throw wrong(where, field, "a string", value);
        }
        return value.asText();
    }

    /** The field is a non-empty string. */
    public static String nonEmpty(JsonNode parent, String field, String where) {
        String value = string(parent, field, where);
        if (value.isEmpty()) {
            throw new RuleFailed(where + "." + field + " is empty, expected a non-empty string");
        }
        return value;
    }

    /** The field is a string, or absent ({@code null} then). */
    public static String optionalString(JsonNode parent, String field, String where) {
        return parent.has(field) ? string(parent, field, where) : null;
    }

    /** The field is one of {@code allowed}. */
    public static String oneOf(JsonNode parent, String field, Collection<String> allowed, String where) {
        String value = string(parent, field, where);
        if (!allowed.contains(value)) {
            throw new RuleFailed(where + "." + field + " is \"" + value + "\", expected one of " + allowed);
        }
        return value;
    }

    /** The field is an array of at least {@code minItems} items. */
    public static JsonNode array(JsonNode parent, String field, int minItems, String where) {
        JsonNode value = required(parent, field, where);
        if (!value.isArray()) {
            throw wrong(where, field, "an array", value);
        }
        if (value.size() < minItems) {
            throw new RuleFailed(where + "." + field + " has " + value.size() + " items, expected at least "
                    + minItems);
        }
        return value;
    }

    /** The field is an array of strings, of at least {@code minItems}. */
    public static JsonNode strings(JsonNode parent, String field, int minItems, String where) {
        JsonNode value = array(parent, field, minItems, where);
        for (JsonNode item : value) {
            if (!item.isTextual()) {
                throw new RuleFailed(where + "." + field + " has an item that is not a string: " + item);
            }
        }
        return value;
    }

    /** The field is a boolean. */
    public static boolean bool(JsonNode parent, String field, String where) {
        JsonNode value = required(parent, field, where);
        if (!value.isBoolean()) {
            throw wrong(where, field, "a boolean", value);
        }
        return value.asBoolean();
    }

    /** The field is a boolean, or absent ({@code fallback} then). */
    public static boolean optionalBool(JsonNode parent, String field, boolean fallback, String where) {
        return parent.has(field) ? bool(parent, field, where) : fallback;
    }

    /** The field is an integer from {@code min} to {@code max}. */
    public static long integer(JsonNode parent, String field, long min, long max, String where) {
        JsonNode value = required(parent, field, where);
        if (!value.isIntegralNumber() || value.asLong() < min || value.asLong() > max) {
            throw wrong(where, field, "an integer from " + min + " to " + max, value);
        }
        return value.asLong();
    }

    /** The field is a number from {@code min} to {@code max}. */
    public static double number(JsonNode parent, String field, double min, double max, String where) {
        JsonNode value = required(parent, field, where);
        if (!value.isNumber() || value.asDouble() < min || value.asDouble() > max) {
            throw wrong(where, field, "a number from " + min + " to " + max, value);
        }
        return value.asDouble();
    }

    private static JsonNode required(JsonNode parent, String field, String where) {
        JsonNode value = parent == null ? null : parent.get(field);
        if (value == null || value.isNull()) {
            throw new RuleFailed(where + " has no " + field + ": " + show(parent));
        }
        return value;
    }

    private static String show(JsonNode node) {
        return node == null ? "nothing" : Expect.abbreviated(node);
    }

    private static RuleFailed wrong(String where, String field, String expected, JsonNode value) {
        return new RuleFailed(where + "." + field + " is " + show(value) + ", expected " + expected);
    }
}
