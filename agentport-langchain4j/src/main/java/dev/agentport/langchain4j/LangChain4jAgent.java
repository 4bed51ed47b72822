package dev.agentport.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.agent.Agent;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agent.AgentException;
import dev.agentport.agent.ContextUsage;
import dev.agentport.agent.ResumableAgent;
import dev.agentport.agent.ResumeInput;
import dev.agentport.agent.RunCancelledException;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * A LangChain4j chat model with tools, served as an AgentPort agent on every face. Built from the same parts as
 * {@code AiServices.builder}: a chat model and/or a streaming chat model, {@code @Tool} objects and a system message.
 *
 * <pre>{@code
 * Agent agent = LangChain4jAgent.builder()
 *         .chatModel(model).streamingChatModel(streamingModel)
 *         .tools(new Calendar())
 *         .systemMessage("You are a helpful assistant.")
 *         .build();
 * }</pre>
 *
 * <p>Each run asks the model with the conversation the run carries ({@code RunContext.history}): the state store is
 * the memory. Streamed tokens become deltas; each tool the model calls becomes a tool call, then a step with its
 * result or error; the tokens the model reports become {@code contextUsage}. The run's deadline and cancellation stop
 * the model call. A failed call answers the caller with one sentence naming the provider.
 */
public final class LangChain4jAgent implements Agent {

    /** More rounds of tool calls than this end the run: a model calling tools forever must not hold it. */
    public static final int DEFAULT_MAX_TOOL_ROUNDS = 10;

    private static final RunEmitter SILENT = new RunEmitter() {
        @Override
        public void delta(String text) {
        }

        @Override
        public void step(String description, JsonNode result) {
        }

        @Override
        public void toolCall(String name, JsonNode args) {
        }
    };

    private final ChatModel chatModel;
    private final StreamingChatModel streamingChatModel;
    private final Tools tools;
    private final String systemMessage;
    private final String provider;
    private final AgentDescriptor descriptor;
    private final int maxToolRounds;
    private final Set<String> needApproval;

    private LangChain4jAgent(Builder builder) {
        if (builder.chatModel == null && builder.streamingChatModel == null) {
            throw new IllegalArgumentException("a LangChain4jAgent needs a chatModel or a streamingChatModel");
        }
        this.chatModel = builder.chatModel;
        this.streamingChatModel = builder.streamingChatModel;
        this.tools = new Tools(builder.tools);
        this.systemMessage = builder.systemMessage;
        this.provider = builder.provider != null ? builder.provider : providerOf(chatModel, streamingChatModel);
        this.descriptor = builder.descriptor != null ? builder.descriptor : AgentDescriptor.of("langchain4j-agent",
                "0.1.0", "A LangChain4j chat model with tools.").withFramework("langchain4j");
        this.maxToolRounds = builder.maxToolRounds;
        this.needApproval = Set.copyOf(builder.needApproval);
        for (String name : needApproval) {
            if (!tools.has(name)) {
                throw new IllegalArgumentException("requireApproval names " + name + ", which is no tool of this agent");
            }
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public AgentDescriptor descriptor() {
        return descriptor;
    }

    /** Asks the chat model (else the streaming one, its tokens collected). */
    @Override
    public RunResult invoke(RunInput input, RunContext context) throws Exception {
        return run(input, context, SILENT, chatModel == null);
    }

    /** Asks the streaming chat model, each token a delta (else the chat model, its reply one delta). */
    @Override
    public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) throws Exception {
        return run(input, context, emitter, streamingChatModel != null);
    }

    private RunResult run(RunInput input, RunContext context, RunEmitter emitter, boolean streaming)
            throws Exception {
        List<ChatMessage> messages = new ArrayList<>(
                Conversation.messages(systemMessage, context.history(), input));
        return converse(new RunMessages(messages, messages.size() - 1, 0), context, emitter, streaming);
    }

    /** Continues a run paused before a tool: runs it when the human approved, tells the model it did not otherwise. */
    RunResult resume(ResumeInput input, RunContext context) throws Exception {
        ToolApproval paused = ToolApproval.resumed(input.interrupt().state());
        List<ChatMessage> messages = new ArrayList<>(
                Conversation.beforePausedRun(systemMessage, context.history(), paused.pauses()));
        RunMessages run = new RunMessages(messages, messages.size(), paused.pauses());
        messages.addAll(paused.messages());
        RunResult pausedAgain = runTools(paused.asked().toolExecutionRequests(), paused.next(), input.approved(),
                run, context, SILENT);
        return pausedAgain != null ? pausedAgain : converse(run, context, SILENT, chatModel == null);
    }

    /**
     * The messages a call sends: the system message and earlier turns, then this run's own from {@code ownFrom} on
     * (the user's message, the model's answers, the tool results), which a pause keeps. {@code pauses}: how many
     * times the run paused before.
     */
    private record RunMessages(List<ChatMessage> all, int ownFrom, int pauses) {
        List<ChatMessage> own() {
            return all.subList(ownFrom, all.size());
        }
    }

    /** Asks the model, runs the tools it asks for and asks again, until it answers without tools. */
    private RunResult converse(RunMessages run, RunContext context, RunEmitter emitter, boolean streaming)
            throws Exception {
        for (int round = 0; ; round++) {
            ChatResponse response = ask(run.all(), context, emitter, streaming);
            AiMessage answer = response.aiMessage();
            run.all().add(answer);
            if (!answer.hasToolExecutionRequests()) {
                return RunResult.builder()
                        .output(answer.text() == null ? "" : answer.text())
                        .contextUsage(usage(response.tokenUsage(), context))
                        .build();
            }
            if (round == maxToolRounds) {
                // before running them: their results would reach no model
                throw new AgentException("the model kept calling tools: the run stopped after " + maxToolRounds
                        + " rounds of them");
            }
            RunResult paused = runTools(answer.toolExecutionRequests(), 0, null, run, context, emitter);
            if (paused != null) {
                return paused;
            }
        }
    }

    /**
     * Runs the requests from {@code from} on, adding each result to the run's messages. A tool that needs approval
     * pauses the run there (returned), unless it is the first and {@code firstApproved} says what the human decided.
     */
    private RunResult runTools(List<ToolExecutionRequest> requests, int from, Boolean firstApproved,
                               RunMessages run, RunContext context, RunEmitter emitter) {
        for (int i = from; i < requests.size(); i++) {
            context.cancellation().check();
            ToolExecutionRequest request = requests.get(i);
            boolean decided = i == from && firstApproved != null;
            if (decided && !firstApproved) {
                run.all().add(tools.declined(request, emitter));
            } else if (!decided && needApproval.contains(request.name())) {
                return ToolApproval.pause(request, i, run.own(), run.pauses() + 1);
            } else {
                run.all().add(tools.execute(request, context.sessionId(), emitter));
            }
        }
        return null;
    }

    private ChatResponse ask(List<ChatMessage> messages, RunContext context, RunEmitter emitter, boolean streaming)
            throws Exception {
        ChatRequest.Builder request = ChatRequest.builder().messages(messages);
        if (!tools.isEmpty()) {
            request.toolSpecifications(tools.specifications());
        }
        try {
            if (streaming) {
                return StreamedReply.ask(streamingChatModel, request.build(), emitter::delta);
            }
            ChatResponse response = chatModel.chat(request.build());
            String text = response.aiMessage().text();
            if (text != null && !text.isEmpty()) {
                emitter.delta(text);
            }
            return response;
        } catch (RunCancelledException | InterruptedException stopped) {
            throw stopped;
        } catch (RuntimeException failed) {
            // the engine answers a cancelled run by its cause, whatever the interrupted call threw
            context.cancellation().check();
            throw ProviderFailures.of(provider, failed);
        }
    }

    /** The tokens of the last call: what the context holds now (its input and the reply). */
    private static ContextUsage usage(TokenUsage tokens, RunContext context) {
        long current = tokens == null || tokens.totalTokenCount() == null ? 0 : tokens.totalTokenCount();
        return new ContextUsage(current, context.history().size() + 1, 0, null);
    }

    /** The name a failure shows: {@code openai} for LangChain4j's {@code OPEN_AI}. */
    private static String providerOf(ChatModel chatModel, StreamingChatModel streamingChatModel) {
        Object named = chatModel != null ? chatModel.provider() : streamingChatModel.provider();
        return named == null ? "model" : named.toString().toLowerCase(Locale.ROOT).replace("_", "");
    }

    public static final class Builder {
        private ChatModel chatModel;
        private StreamingChatModel streamingChatModel;
        private final List<Object> tools = new ArrayList<>();
        private String systemMessage;
        private String provider;
        private AgentDescriptor descriptor;
        private int maxToolRounds = DEFAULT_MAX_TOOL_ROUNDS;
        private final Set<String> needApproval = new LinkedHashSet<>();

        private Builder() {
        }

        /** The model {@code invoke} asks; without one, {@code invoke} collects the streaming model's tokens. */
        public Builder chatModel(ChatModel chatModel) {
            this.chatModel = Objects.requireNonNull(chatModel, "chatModel");
            return this;
        }

        /** The model {@code stream} asks, each token a delta; without one, the reply is one delta. */
        public Builder streamingChatModel(StreamingChatModel streamingChatModel) {
            this.streamingChatModel = Objects.requireNonNull(streamingChatModel, "streamingChatModel");
            return this;
        }

        /** Objects with {@code @Tool} methods, as {@code AiServices.builder().tools(...)} takes them. */
        public Builder tools(Object... objectsWithTools) {
            tools.addAll(Arrays.asList(objectsWithTools));
            return this;
        }

        public Builder tools(List<?> objectsWithTools) {
            tools.addAll(objectsWithTools);
            return this;
        }

        /** The system message, sent first on every call. */
        public Builder systemMessage(String systemMessage) {
            this.systemMessage = systemMessage;
            return this;
        }

        /** The provider's name in failure messages; by default the model's own ({@code openai}, ...). */
        public Builder provider(String provider) {
            this.provider = Objects.requireNonNull(provider, "provider");
            return this;
        }

        /** Name, version, description and skills for the agent cards; by default {@code langchain4j-agent}. */
        public Builder descriptor(AgentDescriptor descriptor) {
            this.descriptor = Objects.requireNonNull(descriptor, "descriptor");
            return this;
        }

        /** How many rounds of tool calls one run may make (default {@value #DEFAULT_MAX_TOOL_ROUNDS}). */
        public Builder maxToolRounds(int maxToolRounds) {
            if (maxToolRounds < 0) {
                throw new IllegalArgumentException("maxToolRounds must be 0 or more, got " + maxToolRounds);
            }
            this.maxToolRounds = maxToolRounds;
            return this;
        }

        /**
         * Tools (by name) that run only once a human approved the call: the run pauses before one as an interrupt
         * ({@code human_approval}, with the tool, its arguments and a question), and {@code /resume}, the A2A
         * {@code input-required} answer or an MCP answer continues it. The agent built is then a
         * {@link ResumableAgent}; {@link #buildResumable()} returns it as one.
         */
        public Builder requireApproval(String... toolNames) {
            needApproval.addAll(Arrays.asList(toolNames));
            return this;
        }

        /** The agent; a {@link ResumableAgent} when some tool needs approval, so that only then is resume offered. */
        public Agent build() {
            LangChain4jAgent agent = new LangChain4jAgent(this);
            return agent.needApproval.isEmpty() ? agent : new Resumable(agent);
        }

        /**
         * The agent as a {@link ResumableAgent}, for code that needs one; refused unless {@link #requireApproval}
         * named a tool, as without one no run ever pauses.
         */
        public Resumable buildResumable() {
            if (needApproval.isEmpty()) {
                throw new IllegalStateException("buildResumable() needs a tool that waits for a human's approval: name "
                        + "it with requireApproval(..), or call build() for an agent whose runs never pause");
            }
            return new Resumable(new LangChain4jAgent(this));
        }
    }

    /**
     * The agent with tools that need approval: it continues runs paused before one. To serve it from a class that
     * {@code ServiceLoader} finds (one with a no-argument constructor), extend it:
     *
     * <pre>{@code
     * public final class BookingAgent extends LangChain4jAgent.Resumable {
     *     public BookingAgent() {
     *         super(LangChain4jAgent.builder()...requireApproval("bookTable").buildResumable());
     *     }
     * }
     * }</pre>
     */
    public static class Resumable implements ResumableAgent {
        private final LangChain4jAgent agent;

        private Resumable(LangChain4jAgent agent) {
            this.agent = agent;
        }

        /** The same agent as {@code built}, under a class of one's own. */
        protected Resumable(Resumable built) {
            this(Objects.requireNonNull(built, "built").agent);
        }

        @Override
        public AgentDescriptor descriptor() {
            return agent.descriptor();
        }

        @Override
        public RunResult invoke(RunInput input, RunContext context) throws Exception {
            return agent.invoke(input, context);
        }

        @Override
        public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) throws Exception {
            return agent.stream(input, context, emitter);
        }

        @Override
        public RunResult resume(ResumeInput input, RunContext context) throws Exception {
            return agent.resume(input, context);
        }
    }
}
