package dev.agentport.agent;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Locale;

/**
 * A human's answer to a paused run.
 *
 * @param threadId   the paused run's thread (its session id)
 * @param humanInput the answer, any JSON, as sent
 * @param interrupt  the interrupt the run paused with, its private state included
 * @param input      the input of the run that paused
 */
public record ResumeInput(String threadId, JsonNode humanInput, Interrupt interrupt, JsonNode input) {

    /** Whether the human's answer approves what the run paused for; see {@link #approves(JsonNode)}. */
    public boolean approved() {
        return approves(humanInput);
    }

    /** {@code true}, "yes", "y", "ok", "approve(d)" (any case), or an object with {@code "approved": true}. */
    public static boolean approves(JsonNode answer) {
        if (answer == null) {
            return false;
        }
        if (answer.isBoolean()) {
            return answer.asBoolean();
        }
        if (answer.isObject()) {
            return answer.path("approved").asBoolean(false);
        }
        String text = answer.asText("").strip().toLowerCase(Locale.ROOT);
        return text.equals("yes") || text.equals("y") || text.equals("ok") || text.startsWith("approve");
    }
}
