package dev.agentport.langchain4j;

import dev.agentport.agent.RunInput;
import dev.agentport.agent.Turn;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;

import java.util.ArrayList;
import java.util.List;

/**
 * The chat messages of one run, made from the run's conversation ({@code RunContext.history}) each time: the state
 * store keeps the memory, so any instance continues a conversation and no second memory is kept here.
 */
final class Conversation {

    private Conversation() {
    }

    /** The system message (when there is one), each earlier turn as a user and an AI message, then this input. */
    static List<ChatMessage> messages(String systemMessage, List<Turn> history, RunInput input) {
        List<ChatMessage> messages = new ArrayList<>(2 * history.size() + 2);
        if (systemMessage != null && !systemMessage.isBlank()) {
            messages.add(SystemMessage.from(systemMessage));
        }
        for (Turn turn : history) {
            String asked = new RunInput(turn.input()).text();
            String answered = turn.output() == null || turn.output().isNull() ? ""
                    : turn.output().isTextual() ? turn.output().asText() : turn.output().toString();
            if (asked.isEmpty() || answered.isEmpty()) {
                continue; // a paused turn or an empty one tells the model nothing
            }
            messages.add(UserMessage.from(asked));
            messages.add(AiMessage.from(answered));
        }
        messages.add(UserMessage.from(input.text()));
        return messages;
    }
}
