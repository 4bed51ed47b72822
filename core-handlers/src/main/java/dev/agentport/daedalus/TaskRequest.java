package dev.agentport.daedalus;

import dev.agentport.a2a.IncomingMessage;
import dev.agentport.runtime.Run;

/**
 * One {@code POST /}: the caller's message, the ids the task answers with, and its run.
 *
 * @param message   the message as read
 * @param taskId    {@code message.taskId}, else {@code message.messageId}, else {@code anonymous-<uuid>}
 * @param contextId {@code message.contextId}, else a generated one; the conversation's key
 * @param run       the task's run
 */
record TaskRequest(IncomingMessage message, String taskId, String contextId, Run run) {

    String traceId() {
        return run.traceId();
    }
}
