package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.a2a.IncomingMessage;

import java.util.Map;

/**
 * A {@code SendMessage} (or {@code message/send}, or their streaming forms) as read.
 *
 * @param message       the caller's message
 * @param historyLength how many history messages the answer carries, or {@code null} for all
 * @param extensions    payloads of the activated extensions, by URI; request-scoped, never stored
 * @param returnImmediately the caller does not wait for the run: 1.0's {@code returnImmediately: true}, 0.3's
 *                      {@code blocking: false}
 */
record SendParams(IncomingMessage message, Integer historyLength, Map<String, JsonNode> extensions,
                  boolean returnImmediately) {
}
