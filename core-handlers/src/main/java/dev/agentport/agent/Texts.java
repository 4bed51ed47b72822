package dev.agentport.agent;

import com.fasterxml.jackson.databind.JsonNode;

/** Finds the text a person typed inside the usual shapes of agent input. */
final class Texts {

    private static final String[] TEXT_FIELDS = {"message", "input", "text", "query", "prompt", "question", "content"};

    private Texts() {
    }

    static String of(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return "";
        }
        if (value.isTextual()) {
            return value.asText();
        }
        if (value.isObject()) {
            for (String field : TEXT_FIELDS) {
                JsonNode text = value.get(field);
                if (text != null && text.isTextual()) {
                    return text.asText();
                }
            }
            JsonNode messages = value.get("messages");
            if (messages != null && messages.isArray() && !messages.isEmpty()) {
                return of(messages.get(messages.size() - 1));
            }
        }
        if (value.isArray() && !value.isEmpty()) {
            return of(value.get(value.size() - 1));
        }
        return value.toString();
    }
}
