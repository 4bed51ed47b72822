package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Reads method params; anything missing or of the wrong type is {@code -32602}, naming the field. */
final class Params {

    private Params() {
    }

    static String requiredString(ObjectNode params, String field) {
        JsonNode value = params.get(field);
        if (value == null || !value.isTextual() || value.asText().isEmpty()) {
            throw RpcError.invalidParams(field + " must be a non-empty string").failure();
        }
        return value.asText();
    }

    static String optionalString(ObjectNode params, String field) {
        JsonNode value = params.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw RpcError.invalidParams(field + " must be a string").failure();
        }
        return value.asText();
    }

    static Integer optionalInt(ObjectNode params, String field, int min, int max) {
        JsonNode value = params.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.canConvertToExactIntegral() || !value.canConvertToInt() || value.asInt() < min
                || value.asInt() > max) {
            throw RpcError.invalidParams(field + " must be a whole number from " + min + " to " + max).failure();
        }
        return value.asInt();
    }

    static Boolean optionalBoolean(ObjectNode params, String field) {
        JsonNode value = params.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isBoolean()) {
            throw RpcError.invalidParams(field + " must be a boolean").failure();
        }
        return value.asBoolean();
    }

    static ObjectNode optionalObject(ObjectNode params, String field) {
        JsonNode value = params.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isObject()) {
            throw RpcError.invalidParams(field + " must be an object").failure();
        }
        return (ObjectNode) value;
    }

    static ObjectNode requiredObject(ObjectNode params, String field) {
        ObjectNode value = optionalObject(params, field);
        if (value == null) {
            throw RpcError.invalidParams(field + " is required (an object)").failure();
        }
        return value;
    }
}
