package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.base.IdBytes;
import dev.agentport.json.Json;
import dev.agentport.runtime.Settings;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;

/**
 * The {@code requestState} of a 2026-07-28 {@code input_required} result: the answers a request has collected so far,
 * bound to its method and params and signed with HMAC-SHA256, so that the retry can carry them back to any instance
 * and nothing is kept on the server. A state that was changed, belongs to another request or has expired is refused
 * with {@code -32602}. The key is {@code AGENT_MCP_STATE_KEY} (every instance must share it), else one drawn at
 * start-up, which only the same process can verify.
 */
final class RequestState {

    static final String KEY_VARIABLE = "AGENT_MCP_STATE_KEY";
    /** How long a client has to answer: a retry with an older state is refused. */
    static final Duration LIFETIME = Duration.ofHours(1);
    private static final int MIN_KEY_LENGTH = 32;
    private static final Base64.Encoder ENCODE = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODE = Base64.getUrlDecoder();

    private final SecretKeySpec key;
    private final Clock clock;

    RequestState(byte[] key, Clock clock) {
        this.key = new SecretKeySpec(key, "HmacSHA256");
        this.clock = clock;
    }

    /** The key of {@code AGENT_MCP_STATE_KEY}, or a random one; a key shorter than 32 characters stops start-up. */
    static byte[] key(Settings settings) {
        return keyFromEnvironment(settings.variables());
    }

    static byte[] keyFromEnvironment(Map<String, String> env) {
        String value = env.get(KEY_VARIABLE);
        if (value == null || value.isBlank()) {
            return IdBytes.bytes(32);
        }
        if (value.strip().length() < MIN_KEY_LENGTH) {
            throw new IllegalArgumentException(KEY_VARIABLE + " must be at least " + MIN_KEY_LENGTH
                    + " characters long");
        }
        return value.strip().getBytes(StandardCharsets.UTF_8);
    }

    /** Signs {@code answers} for a retry of {@code method} with the same params. */
    String seal(String method, ObjectNode params, ObjectNode answers) {
        ObjectNode payload = Json.object();
        payload.put("m", method);
        payload.put("p", digest(params));
        payload.put("exp", clock.instant().plus(LIFETIME).getEpochSecond());
        payload.set("a", answers);
        String body = ENCODE.encodeToString(Json.bytes(payload));
        return body + "." + ENCODE.encodeToString(mac(body));
    }

    /** The answers a state carries, once it is shown to be ours, unchanged, for this request and not expired. */
    ObjectNode open(String state, String method, ObjectNode params) {
        int dot = state.indexOf('.');
        if (dot < 0 || !MessageDigest.isEqual(mac(state.substring(0, dot)), decode(state.substring(dot + 1)))) {
            throw McpError.invalidParams("requestState failed its integrity check: send the one the server gave");
        }
        JsonNode payload;
        try {
            payload = Json.parse(decode(state.substring(0, dot)));
        } catch (java.io.IOException e) {
            throw McpError.invalidParams("requestState failed its integrity check: send the one the server gave");
        }
        if (!method.equals(payload.path("m").asText()) || !digest(params).equals(payload.path("p").asText())) {
            throw McpError.invalidParams("requestState belongs to another request: retry with the same params");
        }
        if (clock.instant().getEpochSecond() > payload.path("exp").asLong()) {
            throw McpError.invalidParams("requestState has expired: send the request again without it");
        }
        JsonNode answers = payload.get("a");
        return answers instanceof ObjectNode object ? object : Json.object();
    }

    private byte[] mac(String body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac.doFinal(body.getBytes(StandardCharsets.US_ASCII));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    private static byte[] decode(String text) {
        try {
            return DECODE.decode(text);
        } catch (IllegalArgumentException e) {
            return new byte[0];
        }
    }

    /** A digest of the params the retry repeats: all but {@code _meta}, {@code inputResponses} and the state. */
    private static String digest(ObjectNode params) {
        ObjectNode repeated = params.deepCopy();
        repeated.remove(McpMessage.META);
        repeated.remove(InputRounds.RESPONSES);
        repeated.remove(InputRounds.STATE);
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest(Canonical.write(repeated).getBytes(StandardCharsets.UTF_8));
            return ENCODE.encodeToString(hash);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
