package dev.agentport.agentcore;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.Json;

import java.util.List;
import java.util.Locale;

/**
 * The headers AgentCore Runtime adds to what it passes on: the session (the conversation), the user, and the caller's
 * custom headers. The request id is read where every request's id is ({@code RequestIdentities}).
 */
final class PlatformHeaders {

    static final String SESSION_ID = "X-Amzn-Bedrock-AgentCore-Runtime-Session-Id";
    static final String USER_ID = "X-Amzn-Bedrock-AgentCore-Runtime-User-Id";
    static final String CUSTOM_PREFIX = "X-Amzn-Bedrock-AgentCore-Runtime-Custom-";
    /** Longest session id kept; the platform's are 33 to 256 characters. */
    static final int MAX_SESSION_ID_LENGTH = 256;

    private PlatformHeaders() {
    }

    /**
     * The session id, or {@code null} when none was sent (a new conversation). Ids are visible ASCII, as the platform's
     * are; anything else is a {@link BadInvocation}.
     */
    static String sessionId(HttpRequest request) {
        String id = request.header(SESSION_ID);
        if (id == null || id.isBlank()) {
            return null;
        }
        id = id.strip();
        if (id.length() > MAX_SESSION_ID_LENGTH) {
            throw new BadInvocation(SESSION_ID + " must be at most " + MAX_SESSION_ID_LENGTH + " characters");
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (c <= 0x20 || c >= 0x7f) {
                throw new BadInvocation(SESSION_ID + " must be visible ASCII characters only");
            }
        }
        return id;
    }

    /**
     * {@code user_id} and {@code custom_headers} (each custom header by its lower-case name, as platforms spell header
     * names differently), for the run's metadata; empty when the platform sent neither.
     */
    static ObjectNode metadata(HttpRequest request) {
        ObjectNode metadata = Json.object();
        String user = request.header(USER_ID);
        if (user != null) {
            metadata.put("user_id", user);
        }
        String prefix = CUSTOM_PREFIX.toLowerCase(Locale.ROOT);
        ObjectNode custom = Json.object();
        for (String name : request.headers().names()) {
            String lower = name.toLowerCase(Locale.ROOT);
            if (lower.startsWith(prefix) && lower.length() > prefix.length()) {
                List<String> values = request.headers().all(name);
                custom.put(lower, String.join(", ", values));
            }
        }
        if (!custom.isEmpty()) {
            metadata.set("custom_headers", custom);
        }
        return metadata;
    }
}
