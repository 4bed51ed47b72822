package dev.agentport.a2a.tasks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.agentport.a2a.IncomingMessage;
import dev.agentport.agent.RunInput;

import java.util.Map;

/**
 * A message for a task, with what its face decided around it.
 *
 * @param message    the caller's message
 * @param taskId     the id a new task gets; {@code null} for a generated one
 * @param extensions payloads of the activated extensions, by URI; request-scoped, never stored
 * @param detached   whether the run goes on when the client leaves (the task can be fetched or canceled later);
 *                   otherwise the client leaving cancels it
 * @param follow     how the caller follows the task
 */
public record TaskMessage(IncomingMessage message, String taskId, Map<String, JsonNode> extensions,
                          boolean detached, Follow follow) {

    /** How the face's caller follows the task it starts. */
    public enum Follow {
        /** It waits for the end on its own thread (a blocking send): the run goes on that thread, with no handoff. */
        END,
        /** It takes every event (a stream), from a run on a thread of its own. */
        EVERY_EVENT,
        /**
         * It takes the task as it starts and leaves (a non-blocking send): the run goes on, on a thread of its own,
         * and no event is kept for the caller, which will never read it.
         */
        NONE
    }

    public TaskMessage {
        extensions = extensions == null ? Map.of() : Map.copyOf(extensions);
    }

    /** The answer to a task waiting for input: the text, else the first data part's value; {@code null} for none. */
    public JsonNode answer() {
        return message.hasText()
                ? JsonNodeFactory.instance.textNode(RunInput.ofParts(message.parts()).text())
                : message.firstData();
    }
}
