package dev.agentport.langchain4j;

import dev.agentport.agent.Agent;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.modelagent.ModelAgentProvider;
import dev.agentport.runtime.Settings;
import dev.langchain4j.http.client.jdk.JdkHttpClient;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;

/**
 * {@code AGENT_MODEL_PROVIDER=openai}: a chat agent with memory on an OpenAI-compatible chat completions API, read from
 * {@link OpenAiSettings}. LangChain4j's request and response logging stay off (they would print the key's header), and
 * no call is retried: the run's own deadline bounds the call. The streaming model runs on a
 * {@link CancellableHttpClient}, so a stream stops at the deadline or on cancellation from its first byte.
 */
public final class OpenAiModelAgentProvider implements ModelAgentProvider {

    public static final String NAME = "openai";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Agent create(Settings settings) {
        return create(OpenAiSettings.from(settings));
    }

    static Agent create(OpenAiSettings settings) {
        OpenAiChatModel chat = OpenAiChatModel.builder()
                .httpClientBuilder(JdkHttpClient.builder())
                .baseUrl(settings.baseUrl())
                .apiKey(settings.apiKey())
                .modelName(settings.modelName())
                .timeout(settings.timeout())
                .maxRetries(0)
                .logRequests(false)
                .logResponses(false)
                .build();
        OpenAiStreamingChatModel streaming = OpenAiStreamingChatModel.builder()
                .httpClientBuilder(CancellableHttpClient.builder())
                .baseUrl(settings.baseUrl())
                .apiKey(settings.apiKey())
                .modelName(settings.modelName())
                .timeout(settings.timeout())
                .logRequests(false)
                .logResponses(false)
                .build();
        return LangChain4jAgent.builder()
                .chatModel(chat)
                .streamingChatModel(streaming)
                .systemMessage(settings.systemPrompt())
                .provider(NAME)
                .descriptor(new AgentDescriptor("openai-chat-agent", "0.1.0",
                        "A chat agent with memory on the model " + settings.modelName() + ".", "langchain4j", null))
                .build();
    }
}
