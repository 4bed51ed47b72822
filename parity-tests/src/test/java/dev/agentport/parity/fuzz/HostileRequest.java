package dev.agentport.parity.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One generated request: its bytes exactly as sent, and what the oracle needs to judge the answer.
 *
 * @param seed        the run's seed
 * @param index       its number in the run; {@code seed} and {@code index} generate it again
 * @param template    the valid request it was made from
 * @param mutations   what was done to it, in order
 * @param method      the request's method as sent
 * @param owner       the face whose error shape the path answers in
 * @param bytes       the whole request: request line, headers, body
 * @param endsSending whether the client closes its sending side after the bytes (the body is cut short)
 */
public record HostileRequest(long seed, int index, String template, List<String> mutations, String method,
                             Owner owner, byte[] bytes, boolean endsSending) {

    /** How to generate it again and what it looked like (the first bytes, invalid ones escaped). */
    public String describe() {
        StringBuilder shown = new StringBuilder();
        int limit = Math.min(bytes.length, 3000);
        for (int i = 0; i < limit; i++) {
            int b = bytes[i] & 0xFF;
            if (b == '\n' || b >= 0x20 && b < 0x7F) {
                shown.append((char) b);
            } else if (b != '\r') {
                shown.append(String.format("\\x%02X", b));
            }
        }
        if (bytes.length > limit) {
            shown.append("...(").append(bytes.length).append(" bytes)");
        }
        return "request " + index + " of seed " + seed + " (-Dfuzz.seed=" + seed + " -Dfuzz.only=" + index + "), "
                + template + " " + mutations + (endsSending ? " [sending side closed]" : "") + ":\n" + shown;
    }

    public String text() {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }
}
