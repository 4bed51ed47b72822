package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;

import java.util.Objects;

/**
 * A request a tool sends to the client through {@link McpCall#ask}: {@code sampling/createMessage},
 * {@code elicitation/create} or {@code roots/list}, with its params.
 *
 * @param method the client's method
 * @param params its params (an empty object when {@code null})
 */
public record ClientRequest(String method, ObjectNode params) {

    public static final String SAMPLING = "sampling/createMessage";
    public static final String ELICITATION = "elicitation/create";
    public static final String ROOTS = "roots/list";

    public ClientRequest {
        Objects.requireNonNull(method, "method");
        params = params == null ? Json.object() : params;
    }

    /** The client capability the method needs ({@code sampling}, {@code elicitation}, {@code roots}), or null. */
    public String capability() {
        return switch (method) {
            case SAMPLING -> "sampling";
            case ELICITATION -> "elicitation";
            case ROOTS -> "roots";
            default -> null;
        };
    }

    /** The request as it goes on the wire in an {@code inputRequests} map: {@code {method, params}}. */
    ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("method", method);
        json.set("params", params);
        return json;
    }
}
