package dev.agentport.a2a;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@code SendMessage} (or {@code message/send}, or their streaming forms, or HTTP+JSON's {@code message:send} body)
 * as read.
 *
 * @param message       the caller's message
 * @param historyLength how many history messages the answer carries, or {@code null} for all
 * @param extensions    payloads of the activated extensions, by URI; request-scoped, never stored
 * @param returnImmediately the caller does not wait for the run: 1.0's {@code returnImmediately: true}, 0.3's
 *                      {@code blocking: false}
 */
public record SendRequest(IncomingMessage message, Integer historyLength, Map<String, JsonNode> extensions,
                          boolean returnImmediately) {

    /**
     * Reads the request's {@code message} (with its {@code messageId}, {@code role} and {@code parts}),
     * {@code configuration} and, for an activated Aion daemon extension, its payload in {@code metadata}.
     *
     * @param legacyBlocking whether the configuration says {@code blocking} (0.3) rather than {@code returnImmediately}
     * @throws InvalidField naming the first field that is missing or of the wrong type
     */
    public static SendRequest read(ObjectNode params, List<String> activated, boolean legacyBlocking) {
        return read(params, MessageFields.of(Fields.requiredObject(params, "message")), activated, legacyBlocking);
    }

    /** {@link #read(ObjectNode, List, boolean)} of params read in one pass. */
    public static SendRequest read(A2aParams params, List<String> activated, boolean legacyBlocking) {
        MessageFields message = params.message() != null ? params.message()
                : MessageFields.of(Fields.requiredObject(params.members(), "message"));
        return read(params.members(), message, activated, legacyBlocking);
    }

    private static SendRequest read(ObjectNode params, MessageFields message, List<String> activated,
                                    boolean legacyBlocking) {
        message.check();
        ObjectNode configuration = Fields.optionalObject(params, "configuration");
        Integer historyLength = configuration == null ? null
                : Fields.optionalInt(configuration, "historyLength", 0, Integer.MAX_VALUE);
        boolean returnImmediately = configuration != null && (legacyBlocking
                ? Boolean.FALSE.equals(Fields.optionalBoolean(configuration, "blocking"))
                : Boolean.TRUE.equals(Fields.optionalBoolean(configuration, "returnImmediately")));
        ObjectNode metadata = Fields.optionalObject(params, "metadata");
        Map<String, JsonNode> extensions = new HashMap<>();
        if (activated.contains(AionDaemon.URI) && metadata != null && metadata.has(AionDaemon.URI)) {
            JsonNode payload = metadata.get(AionDaemon.URI);
            AionDaemon.validate(payload);
            extensions.put(AionDaemon.URI, payload);
        }
        return new SendRequest(message.incoming(), historyLength, extensions, returnImmediately);
    }
}
