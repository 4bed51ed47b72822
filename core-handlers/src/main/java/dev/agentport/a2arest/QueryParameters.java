package dev.agentport.a2arest;

import dev.agentport.a2a.InvalidField;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * A request's query parameters, decoded (the first of a repeated name counts), read as the binding's request fields:
 * a value of the wrong form is an {@link InvalidField} naming the parameter.
 */
final class QueryParameters {

    private final Map<String, String> values;

    private QueryParameters(Map<String, String> values) {
        this.values = values;
    }

    static QueryParameters of(String rawQuery) {
        Map<String, String> values = new HashMap<>();
        for (String pair : rawQuery.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            String name = decode(equals < 0 ? pair : pair.substring(0, equals));
            String value = equals < 0 ? "" : decode(pair.substring(equals + 1));
            values.putIfAbsent(name, value);
        }
        return new QueryParameters(values);
    }

    /** The parameter's value; {@code null} when absent or empty. */
    String string(String name) {
        String value = values.get(name);
        return value == null || value.isEmpty() ? null : value;
    }

    Integer integer(String name, int min, int max) {
        String value = string(name);
        if (value == null) {
            return null;
        }
        try {
            int number = Integer.parseInt(value);
            if (number >= min && number <= max) {
                return number;
            }
        } catch (NumberFormatException e) {
            // answered below, as any other value out of range
        }
        throw new InvalidField(name + " must be a whole number from " + min + " to " + max);
    }

    boolean bool(String name) {
        String value = string(name);
        if (value == null || value.equals("false")) {
            return false;
        }
        if (value.equals("true")) {
            return true;
        }
        throw new InvalidField(name + " must be true or false");
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new InvalidField("the query string has a broken percent escape");
        }
    }
}
