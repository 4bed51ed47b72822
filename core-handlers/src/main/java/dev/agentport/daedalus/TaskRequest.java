package dev.agentport.daedalus;

import dev.agentport.a2a.IncomingMessage;
import dev.agentport.agent.RunContext;

/**
 * One {@code POST /}: the caller's message, the ids the task answers with, and the run's context.
 *
 * @param message   the message as read
 * @param taskId    {@code message.taskId}, else {@code message.messageId}, else {@code anonymous-<uuid>}
 * @param contextId {@code message.contextId}, else a generated one; the conversation's key
 * @param context   the run's context
 * @param traceId   the request's trace id
 */
record TaskRequest(IncomingMessage message, String taskId, String contextId, RunContext context, String traceId) {
}
