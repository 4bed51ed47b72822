package dev.agentport.validate.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.SseEvent;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSON-RPC messages of the answer to one POST, whether it came as one JSON object or as an event stream (whose
 * events without data, such as a priming event, carry no message).
 *
 * @param what     the request as a reason names it, e.g. {@code tools/list (POST /mcp)}
 * @param answer   the HTTP answer
 * @param messages the messages, in order
 */
record Reply(String what, Answer answer, List<JsonNode> messages) {

    static Reply of(String what, Answer answer) {
        List<JsonNode> messages = new ArrayList<>();
        if (answer.isEventStream()) {
            List<SseEvent> events = answer.events().isEmpty() && answer.body().length > 0
                    ? SseEvent.parse(answer.text() + "\n\n", 0) : answer.events();
            for (SseEvent event : events) {
                if (!event.data().isBlank()) {
                    messages.add(parse(what, event.data()));
                }
            }
        } else if (answer.mediaType().equals("application/json") && answer.body().length > 0) {
            try {
                messages.add(Messages.MAPPER.readTree(answer.body()));
            } catch (IOException e) {
                // Not JSON: the rule that wants a message says so, with the body quoted.
            }
        }
        return new Reply(what, answer, List.copyOf(messages));
    }

    int status() {
        return answer.status();
    }

    /** The response to the request {@code id}; fails, saying what came instead, when there is none. */
    JsonNode response(String id) {
        for (JsonNode message : messages) {
            if (isResponse(message) && id.equals(message.path("id").asText(null))) {
                return message;
            }
        }
        String type = answer.header("content-type");
        if (!answer.isEventStream() && !answer.mediaType().equals("application/json")) {
            throw new RuleFailed(what + " answered " + status() + " with Content-Type " + type
                    + ", not application/json or text/event-stream: " + answer.excerpt());
        }
        throw new RuleFailed(what + " answered " + status() + " without a JSON-RPC response to id " + id + ": "
                + answer.excerpt());
    }

    /** The result of the response to {@code id}; fails when it is an error, quoting it. */
    JsonNode result(String id) {
        JsonNode response = response(id);
        JsonNode result = response.get("result");
        if (result == null || !result.isObject()) {
            throw new RuleFailed(what + " answered " + status() + " with " + (response.has("error")
                    ? "the error " + response.get("error") : "no result object: " + response));
        }
        return result;
    }

    /** The first JSON-RPC error object of the answer, whatever its id, or {@code null}. */
    JsonNode error() {
        for (JsonNode message : messages) {
            if (message.path("error").isObject()) {
                return message.get("error");
            }
        }
        return null;
    }

    /** The code of the error the answer carries; fails when it carries none. */
    int errorCode() {
        JsonNode error = error();
        if (error == null || !error.path("code").isInt()) {
            throw new RuleFailed(what + " answered " + status() + " without a JSON-RPC error: " + answer.excerpt());
        }
        return error.get("code").asInt();
    }

    /** The notifications of {@code method}, in order. */
    List<JsonNode> notifications(String method) {
        return messages.stream()
                .filter(message -> !message.has("id") && method.equals(message.path("method").asText(null)))
                .toList();
    }

    static boolean isResponse(JsonNode message) {
        return message.isObject() && message.has("id") && (message.has("result") || message.has("error"));
    }

    private static JsonNode parse(String what, String data) {
        try {
            return Messages.MAPPER.readTree(data);
        } catch (IOException e) {
            throw new RuleFailed(what + ": an event's data is not JSON: " + data);
        }
    }
}
