package dev.agentport.agentbreeder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The body of {@code POST /resume}, validated: both fields are required (422 when one is missing or null).
 *
 * @param threadId   the paused run's thread
 * @param humanInput the human's answer, any JSON
 */
record ResumeBody(String threadId, JsonNode humanInput) {

    static ResumeBody from(ObjectNode body) {
        JsonNode thread = body.get("thread_id");
        JsonNode humanInput = body.get("human_input");
        if (thread == null || thread.isNull()) {
            throw new ContractError(ErrorCode.VALIDATION_FAILED, "`thread_id` is required");
        }
        if (!thread.isTextual()) {
            throw new ContractError(ErrorCode.VALIDATION_FAILED,
                    "`thread_id` must be a string, got " + JsonBodies.kind(thread));
        }
        String threadId = InvokeBody.checkedSessionId(thread.asText(), "`thread_id`");
        if (threadId == null) {
            throw new ContractError(ErrorCode.VALIDATION_FAILED, "`thread_id` must not be empty");
        }
        if (humanInput == null || humanInput.isNull()) {
            throw new ContractError(ErrorCode.VALIDATION_FAILED, "`human_input` is required");
        }
        return new ResumeBody(threadId, humanInput);
    }
}
