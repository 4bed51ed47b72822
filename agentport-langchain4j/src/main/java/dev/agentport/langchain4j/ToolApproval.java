package dev.agentport.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Interrupt;
import dev.agentport.agent.RunResult;
import dev.agentport.json.Json;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ChatMessageDeserializer;
import dev.langchain4j.data.message.ChatMessageSerializer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A run paused before a tool that needs a human's approval: the interrupt the caller sees (the tool, its arguments, a
 * question) and the state the server keeps to continue it: this run's own messages (the user's message, the model's
 * answers with tool requests, the tool results so far), which of the model's tool requests is next, and how many times
 * the run has paused. The state goes to the state store, so any instance continues the run. The system message and
 * the earlier turns are not in it: the store keeps those already, and resume rebuilds them from
 * {@code RunContext.history}, so the state stays the size of one turn however long the conversation.
 */
record ToolApproval(List<ChatMessage> messages, int next, int pauses) {

    static final String AWAITING = "human_approval";

    /**
     * @param turnMessages this run's messages, from the user's on
     * @param pauses       how many times this run paused, this pause included: each kept one turn in the history
     */
    static RunResult pause(ToolExecutionRequest request, int index, List<ChatMessage> turnMessages, int pauses) {
        ObjectNode prompt = JsonNodeFactory.instance.objectNode();
        prompt.put("question", "Run the tool " + request.name() + " with " + request.arguments()
                + "? Answer yes or no.");
        prompt.put("tool", request.name());
        prompt.put("arguments", request.arguments());
        ObjectNode state = JsonNodeFactory.instance.objectNode();
        try {
            state.set("messages", Json.MAPPER.readTree(ChatMessageSerializer.messagesToJson(turnMessages)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        state.put("next", index);
        state.put("pauses", pauses);
        return RunResult.builder().interrupt(new Interrupt(List.of(AWAITING), prompt, state)).build();
    }

    /**
     * The model's answer whose tool requests the run was going through: the last AI message, which the results of the
     * requests before the paused one follow.
     */
    AiMessage asked() {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i) instanceof AiMessage answer) {
                return answer;
            }
        }
        throw new IllegalStateException("the paused run's state holds no model answer");
    }

    /** The paused run's messages and next request, from the interrupt's private state. */
    static ToolApproval resumed(JsonNode state) {
        if (state == null || !state.path("messages").isArray() || !state.path("next").canConvertToInt()
                || !state.path("pauses").canConvertToInt()) {
            throw new IllegalStateException("the paused run's state is not a LangChain4j agent's");
        }
        List<ChatMessage> messages = new ArrayList<>(
                ChatMessageDeserializer.messagesFromJson(state.get("messages").toString()));
        return new ToolApproval(messages, state.get("next").asInt(), state.get("pauses").asInt());
    }
}
