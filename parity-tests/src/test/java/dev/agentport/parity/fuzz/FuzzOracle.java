package dev.agentport.parity.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What every answer to a hostile request must be: an answer (a connection closed without one only where the request
 * itself is cut or unreadable as HTTP), within the wait, below 500, without a stack trace, a Java class name or the
 * token, and, when it is an error, in the error shape of the face that owns the path.
 */
public final class FuzzOracle {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern INTERNALS = Pattern.compile("\\tat |Exception|Caused by|\\b(java|javax|jdk|sun"
            + "|io\\.helidon|com\\.fasterxml|org\\.eclipse|com\\.amazonaws|com\\.google|dev\\.agentport)\\.[a-z]+\\.");

    private final String token;
    private final String tokenPart;
    private final PlatformFront front;

    /**
     * @param tokenPart a distinctive part of the token, which must not appear either
     * @param front     what may refuse a request that breaks HTTP itself before any face sees it
     */
    public FuzzOracle(String token, String tokenPart, PlatformFront front) {
        this.token = token;
        this.tokenPart = tokenPart;
        this.front = front;
    }

    /** The rules {@code answer} breaks; empty when it keeps them all. */
    public List<String> judge(HostileRequest request, RawAnswer answer) {
        List<String> broken = new ArrayList<>();
        switch (answer.outcome()) {
            case TIMED_OUT -> broken.add("no answer (or no end of it) within the wait");
            case CUT -> broken.add("the answer was cut short");
            case CLOSED -> {
                if (!request.endsSending() && request.owner() != Owner.HTTP_LAYER) {
                    broken.add("the connection closed without an answer");
                }
            }
            case ANSWERED -> {
            }
        }
        if (answer.outcome() != RawAnswer.Outcome.ANSWERED && answer.outcome() != RawAnswer.Outcome.CUT) {
            return broken;
        }
        if (answer.status() >= 500 && !platformRefusal(request, answer)) {
            broken.add("status " + answer.status());
        }
        String everything = answer.headers() + "\n" + answer.text();
        if (everything.contains(token) || everything.contains(tokenPart)) {
            broken.add("the token is in the answer");
        }
        if (INTERNALS.matcher(answer.text()).find()) {
            broken.add("a stack trace or a Java class name in the body");
        }
        if (!request.method().equals("HEAD") && answer.outcome() == RawAnswer.Outcome.ANSWERED) {
            shape(request, answer, broken);
        }
        return broken;
    }

    private boolean platformRefusal(HostileRequest request, RawAnswer answer) {
        return request.owner() == Owner.HTTP_LAYER && front.refused(answer, answer.mediaType().equals(
                "application/json") ? parse(answer.text()) : null);
    }

    private void shape(HostileRequest request, RawAnswer answer, List<String> broken) {
        String type = answer.mediaType();
        if (type.equals("text/event-stream")) {
            for (String line : answer.text().split("\n")) {
                if (line.startsWith("data:")) {
                    String data = line.substring(5).strip();
                    if (!data.equals("[DONE]") && parse(data) == null) {
                        broken.add("an event whose data is not JSON: " + data);
                        return;
                    }
                }
            }
            return;
        }
        boolean isJson = type.equals("application/json") || type.endsWith("+json");
        JsonNode json = isJson ? parse(answer.text()) : null;
        if (isJson && json == null) {
            broken.add("a JSON answer that does not parse");
            return;
        }
        if (answer.status() < 400 || platformRefusal(request, answer)) {
            return;
        }
        if (json == null) {
            broken.add("an error that is not JSON (" + (type.isEmpty() ? "no Content-Type" : type) + ")");
            return;
        }
        List<Owner> shapes = switch (request.owner()) {
            case DAEDALUS -> List.of(Owner.DAEDALUS, Owner.JSONRPC);
            case HTTP_LAYER -> List.of(Owner.AGENTBREEDER, Owner.DAEDALUS, Owner.JSONRPC, Owner.LOCAL,
                    Owner.A2A_REST);
            default -> List.of(request.owner());
        };
        if (shapes.stream().noneMatch(shape -> inShape(shape, json, answer))) {
            broken.add("an error not in the shape of " + request.owner().name().toLowerCase(Locale.ROOT));
        }
    }

    private static boolean inShape(Owner shape, JsonNode json, RawAnswer answer) {
        return switch (shape) {
            case AGENTBREEDER -> json.path("error").path("code").isTextual()
                    && json.path("error").path("message").isTextual()
                    && "1".equals(answer.header("X-Runtime-Contract-Version"));
            case DAEDALUS, AGENTCORE -> json.path("error").isTextual();
            case JSONRPC, MCP -> "2.0".equals(json.path("jsonrpc").asText(null))
                    && json.path("error").path("code").isInt() && json.path("error").path("message").isTextual();
            case LOCAL -> json.path("success").isBoolean() && !json.path("success").asBoolean()
                    && json.path("error").isTextual();
            case A2A_REST -> json.path("error").path("code").asInt() == answer.status()
                    && json.path("error").path("status").isTextual() && json.path("error").path("message").isTextual()
                    && json.path("error").path("details").isArray();
            case HTTP_LAYER -> false;
        };
    }

    private static JsonNode parse(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (Exception e) {
            return null;
        }
    }
}
