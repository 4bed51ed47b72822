package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.Json;

import java.util.function.Predicate;

/**
 * Which bodies on a shared path are JSON-RPC: a JSON object with a {@code jsonrpc} member, or an array of them (a
 * batch, which the binding then refuses). Anything else, unreadable bodies included, stays with the path's owner.
 */
final class JsonRpcBodies implements Predicate<HttpRequest> {

    private final int maxBodyBytes;

    JsonRpcBodies(int maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    public boolean test(HttpRequest request) {
        byte[] body = request.body();
        if (body.length == 0 || body.length > maxBodyBytes) {
            return false;
        }
        try {
            JsonNode json = Json.parse(body);
            if (json.isArray() && !json.isEmpty()) {
                json = json.get(0);
            }
            return json.isObject() && json.has("jsonrpc");
        } catch (Exception e) {
            return false;
        }
    }
}
