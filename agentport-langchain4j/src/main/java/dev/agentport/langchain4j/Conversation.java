package dev.agentport.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
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
        List<ChatMessage> messages = earlier(systemMessage, history);
        messages.add(UserMessage.from(input.text()));
        return messages;
    }

    /**
     * The messages before a paused run's own: the system message and the turns before it. Each pause of the run
     * kept one turn ({@code pauses} of them, the newest), which the paused run's state holds in full instead.
     */
    static List<ChatMessage> beforePausedRun(String systemMessage, List<Turn> history, int pauses) {
        return earlier(systemMessage, history.subList(0, Math.max(0, history.size() - pauses)));
    }

    /** The system message (when there is one), then each turn as a user and an AI message. */
    private static List<ChatMessage> earlier(String systemMessage, List<Turn> history) {
        List<ChatMessage> messages = new ArrayList<>(2 * history.size() + 2);
        if (systemMessage != null && !systemMessage.isBlank()) {
            messages.add(SystemMessage.from(systemMessage));
        }
        for (Turn turn : history) {
            String asked = new RunInput(turn.input()).text();
            String answered = answerText(turn.output());
            if (asked.isEmpty() || answered.isEmpty()) {
                continue; // an empty turn tells the model nothing
            }
            messages.add(UserMessage.from(asked));
            messages.add(AiMessage.from(answered));
        }
        return messages;
    }

    /** The reply's text; for a turn that paused for a human, the question it asked. */
    private static String answerText(JsonNode output) {
        if (output == null || output.isNull()) {
            return "";
        }
        if (output.isTextual()) {
            return output.asText();
        }
        JsonNode question = output.path("question");
        return "interrupted".equals(output.path("status").asText()) && question.isTextual() ? question.asText()
                : output.toString();
    }
}
