package dev.agentport.a2a;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Reads the fields of an A2A 1.0 request object (JSON-RPC params, an HTTP+JSON body); anything missing or of the wrong
 * type is an {@link InvalidField} naming the field, which each binding answers in its own shape.
 */
public final class Fields {

    private Fields() {
    }

    public static String requiredString(ObjectNode params, String field) {
        JsonNode value = params.get(field);
        if (value == null || !value.isTextual() || value.asText().isEmpty()) {
            throw new InvalidField(field + " must be a non-empty string");
        }
        return value.asText();
    }

    public static String optionalString(ObjectNode params, String field) {
        JsonNode value = params.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new InvalidField(field + " must be a string");
        }
        return value.asText();
    }

    public static Integer optionalInt(ObjectNode params, String field, int min, int max) {
        JsonNode value = params.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.canConvertToExactIntegral() || !value.canConvertToInt() || value.asInt() < min
                || value.asInt() > max) {
            throw new InvalidField(field + " must be a whole number from " + min + " to " + max);
        }
        return value.asInt();
    }

    public static Boolean optionalBoolean(ObjectNode params, String field) {
        JsonNode value = params.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isBoolean()) {
            throw new InvalidField(field + " must be a boolean");
        }
        return value.asBoolean();
    }

    public static ObjectNode optionalObject(ObjectNode params, String field) {
        JsonNode value = params.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isObject()) {
            throw new InvalidField(field + " must be an object");
        }
        return (ObjectNode) value;
    }

    public static ObjectNode requiredObject(ObjectNode params, String field) {
        ObjectNode value = optionalObject(params, field);
        if (value == null) {
            throw new InvalidField(field + " is required (an object)");
        }
        return value;
    }
}
