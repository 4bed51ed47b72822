package com.example.booking;

import dev.agentport.agent.AgentDescriptor;
import dev.agentport.langchain4j.CancellableHttpClient;
import dev.agentport.langchain4j.LangChain4jAgent;
import dev.agentport.runtime.RuntimeConfig;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;

import java.time.Duration;
import java.util.Map;

/**
 * A LangChain4j model with one tool, {@code bookTable}, that waits for a human's yes: the run pauses before the
 * booking, and {@code /resume} (or the A2A answer) continues it. AgentPort finds this class through
 * {@code META-INF/services/dev.agentport.agent.Agent} when its jar is on a target's class path; {@link Main} serves it
 * directly.
 */
public final class BookingAgent extends LangChain4jAgent.Resumable {

    /**
     * The model from {@code OPENAI_BASE_URL} (default: the official API), {@code OPENAI_API_KEY} and
     * {@code AGENT_MODEL_NAME} (default {@code gpt-4o-mini}); each call bounded by AgentPort's run timeout
     * ({@code AGENT_RUN_TIMEOUT_SECONDS}).
     */
    public BookingAgent() {
        this(System.getenv());
    }

    BookingAgent(Map<String, String> env) {
        this(setting(env, "OPENAI_BASE_URL", "https://api.openai.com/v1"), setting(env, "OPENAI_API_KEY", null),
                setting(env, "AGENT_MODEL_NAME", "gpt-4o-mini"), RuntimeConfig.fromEnvironment(env).runTimeout());
    }

    /**
     * As AgentPort's built-in model agent makes its models: a call may take the run's whole timeout ({@code null}:
     * LangChain4j's default), and none is retried, since the run's deadline and cancel stop the call and a retry
     * would start again after the caller was answered.
     */
    public BookingAgent(String baseUrl, String apiKey, String modelName, Duration timeout) {
        super(LangChain4jAgent.builder()
                .chatModel(OpenAiChatModel.builder().baseUrl(baseUrl).apiKey(apiKey).modelName(modelName)
                        .timeout(timeout).maxRetries(0).build())
                .streamingChatModel(OpenAiStreamingChatModel.builder().baseUrl(baseUrl).apiKey(apiKey)
                        .modelName(modelName).timeout(timeout)
                        // closes the stream at the run's deadline even before its first event
                        .httpClientBuilder(CancellableHttpClient.builder()).build())
                .tools(new TableBookings())
                .requireApproval("bookTable")
                .systemMessage("You book restaurant tables. Ask for the restaurant and the number of people.")
                .descriptor(new AgentDescriptor("booking-agent", "0.1.0",
                        "Books restaurant tables, with your approval.", "langchain4j", null))
                .buildResumable());
    }

    /** An empty variable counts as unset, as in AgentPort's settings: its deploy files pass the unused ones empty. */
    private static String setting(Map<String, String> env, String name, String fallback) {
        String value = env.get(name);
        return value == null || value.isBlank() ? fallback : value.strip();
    }
}
