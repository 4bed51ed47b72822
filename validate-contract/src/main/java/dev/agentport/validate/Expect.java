package dev.agentport.validate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.http.Answer;

import java.util.Arrays;
import java.util.Objects;

/** The checks rules are written with: each throws {@link RuleFailed} with a reason a user can act on. */
public final class Expect {

    private Expect() {
    }

    public static void that(boolean condition, String reason) {
        if (!condition) {
            throw new RuleFailed(reason);
        }
    }

    public static void equal(Object expected, Object actual, String what) {
        if (!Objects.equals(expected, actual)) {
            throw new RuleFailed(what + ": expected " + expected + ", got " + actual);
        }
    }

    /** The answer's status is one of {@code statuses}. */
    public static void status(Answer answer, int... statuses) {
        for (int status : statuses) {
            if (answer.status() == status) {
                return;
            }
        }
        String expected = statuses.length == 1 ? String.valueOf(statuses[0]) : "one of " + Arrays.toString(statuses);
        throw new RuleFailed(answer.request() + " answered " + answer.status() + ", expected " + expected + ": "
                + answer.excerpt());
    }

    /** The header's value; fails when the answer lacks it. */
    public static String header(Answer answer, String name) {
        String value = answer.header(name);
        if (value == null) {
            throw new RuleFailed(answer.request() + " answered without the " + name + " header");
        }
        return value;
    }

    /** The answer's media type, without parameters, is {@code type}. */
    public static void mediaType(Answer answer, String type) {
        if (!answer.mediaType().equals(type)) {
            throw new RuleFailed(answer.request() + " answered Content-Type \"" + answer.header("content-type")
                    + "\", expected " + type);
        }
    }

    /** The JSON value at {@code pointer}; fails when it is missing or null. */
    public static JsonNode at(JsonNode node, String pointer, String where) {
        JsonNode value = node.at(pointer);
        if (value.isMissingNode() || value.isNull()) {
            throw new RuleFailed(where + " has no " + pointer.substring(1).replace('/', '.') + ": " + abbreviated(node));
        }
        return value;
    }

    /** A non-empty string at {@code pointer}. */
    public static String text(JsonNode node, String pointer, String where) {
        JsonNode value = at(node, pointer, where);
        if (!value.isTextual() || value.asText().isEmpty()) {
            throw new RuleFailed(where + "'s " + pointer.substring(1).replace('/', '.') + " is not a non-empty string: "
                    + value);
        }
        return value.asText();
    }

    public static RuleSkipped skip(String reason) {
        return new RuleSkipped(reason);
    }

    static String abbreviated(JsonNode node) {
        String text = node.toString();
        return text.length() > 300 ? text.substring(0, 300) + "..." : text;
    }
}
