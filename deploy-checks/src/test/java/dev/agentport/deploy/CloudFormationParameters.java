package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Each template parameter is well formed and its {@code Default} satisfies its own constraints ({@code MinValue},
 * {@code MaxValue}, {@code AllowedValues}, {@code AllowedPattern}, {@code MinLength}, {@code MaxLength}): a default
 * outside them fails every deployment that keeps it, and CloudFormation only says so at deploy time.
 */
final class CloudFormationParameters {

    private static final Set<String> KEYS = Set.of("Type", "Default", "Description", "NoEcho", "AllowedValues",
            "AllowedPattern", "MinValue", "MaxValue", "MinLength", "MaxLength", "ConstraintDescription");

    private CloudFormationParameters() {
    }

    static List<String> problems(JsonNode template) {
        List<String> problems = new ArrayList<>();
        template.path("Parameters").properties().forEach(e -> check(e.getKey(), e.getValue(), problems));
        return problems;
    }

    private static void check(String name, JsonNode parameter, List<String> problems) {
        parameter.fieldNames().forEachRemaining(key -> {
            if (!KEYS.contains(key)) {
                problems.add(name + "." + key + " is not a parameter property");
            }
        });
        JsonNode fallback = parameter.get("Default");
        if (fallback == null) {
            return;
        }
        String text = fallback.asText();
        String type = parameter.path("Type").asText();
        if (type.equals("Number")) {
            BigDecimal number;
            try {
                number = new BigDecimal(text);
            } catch (NumberFormatException e) {
                problems.add(name + ": Default " + text + " is not a number");
                return;
            }
            bound(parameter, "MinValue", number, -1, name, problems);
            bound(parameter, "MaxValue", number, 1, name, problems);
        } else {
            if (parameter.has("MinLength") && text.length() < parameter.get("MinLength").asInt()) {
                problems.add(name + ": Default '" + text + "' is shorter than MinLength");
            }
            if (parameter.has("MaxLength") && text.length() > parameter.get("MaxLength").asInt()) {
                problems.add(name + ": Default '" + text + "' is longer than MaxLength");
            }
            if (parameter.has("AllowedPattern")) {
                pattern(name, parameter.get("AllowedPattern").asText(), text, problems);
            }
        }
        if (parameter.has("AllowedValues")) {
            boolean allowed = false;
            for (JsonNode value : parameter.get("AllowedValues")) {
                allowed |= type.equals("Number") ? new BigDecimal(value.asText()).compareTo(new BigDecimal(text)) == 0
                        : value.asText().equals(text);
            }
            if (!allowed) {
                problems.add(name + ": Default '" + text + "' is not among AllowedValues " + parameter.get("AllowedValues"));
            }
        }
    }

    /** {@code side} -1: the value may not be below the bound; 1: not above it. */
    private static void bound(JsonNode parameter, String key, BigDecimal value, int side, String name,
                              List<String> problems) {
        if (parameter.has(key) && value.compareTo(new BigDecimal(parameter.get(key).asText())) == side) {
            problems.add(name + ": Default " + value + " is " + (side < 0 ? "below " : "above ") + key + " "
                    + parameter.get(key).asText());
        }
    }

    /** CloudFormation matches the whole value against the pattern. */
    private static void pattern(String name, String regex, String value, List<String> problems) {
        try {
            if (!Pattern.compile(regex).matcher(value).matches()) {
                problems.add(name + ": Default '" + value + "' does not match AllowedPattern " + regex);
            }
        } catch (PatternSyntaxException e) {
            problems.add(name + ": AllowedPattern " + regex + " is not a valid pattern");
        }
    }
}
