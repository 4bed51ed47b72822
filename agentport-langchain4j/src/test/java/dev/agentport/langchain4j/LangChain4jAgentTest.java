package dev.agentport.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.agent.Agent;
import dev.agentport.agent.ContextUsage;
import dev.agentport.agent.ResumableAgent;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.langchain4j.ScriptedModelServer.Reply;
import dev.agentport.langchain4j.ScriptedModelServer.Stall;
import dev.agentport.langchain4j.ScriptedModelServer.Status;
import dev.agentport.langchain4j.ScriptedModelServer.ToolCall;
import dev.agentport.langchain4j.ScriptedModelServer.ToolCalls;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.runtime.RunOutcome;
import dev.agentport.runtime.Runs;
import dev.agentport.runtime.Settings;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.testing.RecordingEmitter;
import dev.agentport.testing.TestRuns;
import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.http.client.jdk.JdkHttpClient;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;

import static dev.agentport.testing.TestRuns.completed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The LangChain4j agent through the run engine, with LangChain4j's real OpenAI client talking HTTP to a scripted
 * OpenAI-compatible server on loopback. Runs are made on virtual threads, as the Helidon server makes them, so a
 * deadline interrupts the agent where it waits.
 */
class LangChain4jAgentTest {

    private static final String KEY = "sk-test-0123456789abcdef";

    private ScriptedModelServer model;
    private final InMemorySessionStore sessions = new InMemorySessionStore();
    private final ExecutorService virtualThreads = Executors.newVirtualThreadPerTaskExecutor();

    @BeforeEach
    void startModel() throws Exception {
        model = ScriptedModelServer.start();
    }

    @AfterEach
    void stopModel() {
        model.close();
        virtualThreads.shutdownNow();
    }

    private Agent builtIn(String baseUrl) {
        return new OpenAiModelAgentProvider().create(Settings.of(Map.of("AGENT_MODEL_NAME", "scripted-model",
                "OPENAI_BASE_URL", baseUrl, "OPENAI_API_KEY", KEY, "AGENT_SYSTEM_PROMPT", "You are terse.")));
    }

    private RunOutcome invoke(Agent agent, String session, String text, Duration timeout) throws Exception {
        Runs runs = new Runs(agent, sessions, timeout, null);
        return onVirtualThread(() -> runs.newRun(TestRuns.request()).session(session).build().invoke(RunInput.of(text)));
    }

    private RunOutcome stream(Agent agent, String text, RecordingEmitter emitter, Duration timeout) throws Exception {
        Runs runs = new Runs(agent, sessions, timeout, null);
        return onVirtualThread(() -> runs.newRun(TestRuns.request()).session("s").build()
                .stream(RunInput.of(text), emitter));
    }

    private <T> T onVirtualThread(Callable<T> call) throws Exception {
        return virtualThreads.submit(call).get();
    }

    @Test
    void a_plain_reply_is_the_output_and_its_tokens_are_the_context_usage() throws Exception {
        model.then(new Reply("Hello there."));

        RunResult result = completed(invoke(builtIn(model.baseUrl()), "s", "hi", Duration.ofSeconds(30)));

        assertEquals("Hello there.", result.outputText());
        assertEquals(new ContextUsage(29, 1, 0, null).toJson(), result.metadata().get(ContextUsage.KEY));
        ScriptedModelServer.Received sent = model.received().getFirst();
        assertEquals(List.of("system: You are terse.", "user: hi"), sent.messages());
        assertEquals("Bearer " + KEY, sent.authorization(), "the key reaches the provider as a bearer token");
        assertFalse(sent.streamed());
    }

    @Test
    void a_streamed_reply_arrives_as_one_delta_per_token() throws Exception {
        model.then(new Reply("one two three"));
        RecordingEmitter emitter = new RecordingEmitter();

        RunResult result = completed(stream(builtIn(model.baseUrl()), "hi", emitter, Duration.ofSeconds(30)));

        assertEquals(List.of("one ", "two ", "three"), emitter.deltas());
        assertEquals("one two three", result.outputText());
        assertEquals(29, result.metadata().get(ContextUsage.KEY).get("currentTokens").asLong());
        assertTrue(model.received().getFirst().streamed());
    }

    @Test
    void the_second_turn_sends_the_first_turn_history() throws Exception {
        Agent agent = builtIn(model.baseUrl());
        model.then(new Reply("Nice to meet you, Ada."), new Reply("You are Ada."));

        completed(invoke(agent, "conversation-1", "I am Ada", Duration.ofSeconds(30)));
        RunResult second = completed(invoke(agent, "conversation-1", "who am I?", Duration.ofSeconds(30)));

        assertEquals("You are Ada.", second.outputText());
        assertEquals(List.of("system: You are terse.", "user: I am Ada", "assistant: Nice to meet you, Ada.",
                "user: who am I?"), model.received().get(1).messages());
        assertEquals(2, second.metadata().get(ContextUsage.KEY).get("turnCount").asInt());
    }

    /** A tool for the model to call. */
    static final class Weather {
        @Tool("The weather in a city")
        String weather(@P("the city") String city) {
            return "sunny in " + city;
        }
    }

    @Test
    void a_tool_call_runs_the_tool_reports_it_and_the_follow_up_is_the_reply() throws Exception {
        Agent agent = LangChain4jAgent.builder()
                .chatModel(OpenAiChatModel.builder().httpClientBuilder(JdkHttpClient.builder())
                        .baseUrl(model.baseUrl()).apiKey(KEY).modelName("scripted-model").build())
                .streamingChatModel(OpenAiStreamingChatModel.builder().httpClientBuilder(JdkHttpClient.builder())
                        .baseUrl(model.baseUrl()).apiKey(KEY).modelName("scripted-model").build())
                .tools(new Weather())
                .build();
        for (boolean streamed : List.of(false, true)) {
            model.then(new ToolCall("weather", "{\"city\":\"Paris\"}"), new Reply("It is sunny in Paris."));
            RecordingEmitter emitter = new RecordingEmitter();

            RunResult result = completed(streamed ? stream(agent, "weather?", emitter, Duration.ofSeconds(30))
                    : invoke(agent, "tools", "weather?", Duration.ofSeconds(30)));

            assertEquals("It is sunny in Paris.", result.outputText());
            List<ScriptedModelServer.Received> sent = model.received();
            ScriptedModelServer.Received followUp = sent.getLast();
            assertEquals("weather", sent.get(sent.size() - 2).body().at("/tools/0/function/name").asText());
            assertEquals("tool: sunny in Paris", followUp.messages().getLast(), "the tool's result goes back");
            if (streamed) {
                assertEquals(List.of("tool_call", "step", "delta", "delta", "delta", "delta", "delta"),
                        emitter.kinds());
            }
        }
    }

    /** A tool that fails, as a full restaurant would. */
    static final class FullRestaurant {
        @Tool("Books a table")
        String bookTable(@P("the restaurant") String restaurant) {
            throw new IllegalStateException("no table left at " + restaurant);
        }
    }

    @Test
    void a_failing_or_unknown_tool_is_a_step_with_its_error_the_model_is_told_and_the_run_goes_on() throws Exception {
        Agent agent = LangChain4jAgent.builder()
                .streamingChatModel(OpenAiStreamingChatModel.builder().httpClientBuilder(JdkHttpClient.builder())
                        .baseUrl(model.baseUrl()).apiKey(KEY).modelName("scripted-model").build())
                .tools(new FullRestaurant())
                .build();
        model.then(new ToolCall("bookTable", "{\"restaurant\":\"Chez Ada\"}"),
                new ToolCall("bookTaxi", "{}"), new Reply("Sorry, it is full."));
        List<JsonNode> steps = new ArrayList<>();
        RecordingEmitter emitter = new RecordingEmitter(new RunEmitter() {
            @Override
            public void delta(String text) {
            }

            @Override
            public void step(String description, JsonNode result) {
                steps.add(result);
            }

            @Override
            public void toolCall(String name, JsonNode args) {
            }
        });

        RunResult result = completed(stream(agent, "book Chez Ada", emitter, Duration.ofSeconds(30)));

        assertEquals("Sorry, it is full.", result.outputText());
        assertEquals(List.of("{\"error\":\"no table left at Chez Ada\"}",
                        "{\"error\":\"there is no tool named bookTaxi\"}"),
                steps.stream().map(JsonNode::toString).toList());
        List<ScriptedModelServer.Received> sent = model.received();
        assertEquals("tool: no table left at Chez Ada", sent.get(1).messages().getLast());
        assertEquals("tool: there is no tool named bookTaxi", sent.get(2).messages().getLast());
    }

    @Test
    void an_error_status_fails_the_run_with_a_sentence_naming_the_provider_never_its_body() throws Exception {
        for (int status : List.of(500, 401, 429)) {
            model.then(new Status(status, "{\"error\":{\"message\":\"internal detail 42\"}}"));

            AgentFailures.Failure failure = failed(invoke(builtIn(model.baseUrl()), "s", "hi", Duration.ofSeconds(30)));

            assertEquals(AgentFailures.Kind.AGENT_ERROR, failure.kind());
            assertTrue(failure.message().startsWith("the model provider openai "), failure.message());
            assertTrue(failure.message().endsWith("(HTTP " + status + ")"), failure.message());
            assertFalse(failure.message().contains("internal detail"), failure.message());
        }
    }

    @Test
    void a_streamed_error_status_fails_the_run_the_same_way() throws Exception {
        model.then(new Status(503, "overloaded, detail 42"));

        AgentFailures.Failure failure = failed(stream(builtIn(model.baseUrl()), "hi", new RecordingEmitter(),
                Duration.ofSeconds(30)));

        assertEquals("the model provider openai failed (HTTP 503)", failure.message());
    }

    @Test
    void a_provider_refusing_connections_fails_the_run_naming_the_provider() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        String url = "http://127.0.0.1:" + closedPort + "/v1";

        assertEquals("the model provider openai could not be reached",
                failed(invoke(builtIn(url), "s", "hi", Duration.ofSeconds(30))).message());
        assertEquals("the model provider openai could not be reached",
                failed(stream(builtIn(url), "hi", new RecordingEmitter(), Duration.ofSeconds(30))).message());
    }

    @Test
    void a_slow_answer_ends_the_run_at_its_deadline_while_the_provider_still_holds_it() throws Exception {
        model.then(new Stall(false, "too late"));
        AgentFailures.Failure invoked = failed(invoke(builtIn(model.baseUrl()), "s", "hi", Duration.ofSeconds(1)));
        assertEquals(AgentFailures.Kind.DEADLINE_EXCEEDED, invoked.kind());

        model.then(new Stall(true, "first then too late"));
        RecordingEmitter emitter = new RecordingEmitter();
        AgentFailures.Failure streamed = failed(stream(builtIn(model.baseUrl()), "hi", emitter, Duration.ofSeconds(1)));
        assertEquals(AgentFailures.Kind.DEADLINE_EXCEEDED, streamed.kind());
        assertEquals(List.of("first "), emitter.deltas());
    }

    /** A tool that must not run without a human's yes. */
    static final class Bookings {
        final java.util.concurrent.atomic.AtomicInteger booked = new java.util.concurrent.atomic.AtomicInteger();

        @Tool("Books a flight")
        String book(@P("the flight") String flight) {
            booked.incrementAndGet();
            return "booked " + flight;
        }
    }

    private Agent approving(Bookings bookings) {
        return LangChain4jAgent.builder()
                .chatModel(OpenAiChatModel.builder().httpClientBuilder(JdkHttpClient.builder())
                        .baseUrl(model.baseUrl()).apiKey(KEY).modelName("scripted-model").build())
                .tools(bookings)
                .requireApproval("book")
                .build();
    }

    @Test
    void a_tool_that_needs_approval_pauses_the_run_and_an_approving_resume_runs_it() throws Exception {
        Bookings bookings = new Bookings();
        Agent agent = approving(bookings);
        assertTrue(ResumableAgent.canResume(agent));
        Runs runs = new Runs(agent, sessions, Duration.ofSeconds(30), null);
        model.then(new ToolCall("book", "{\"flight\":\"LH 400\"}"), new Reply("Your flight is booked."));

        RunResult paused = completed(onVirtualThread(() -> runs.newRun(TestRuns.request()).session("trip").build()
                .invoke(RunInput.of("book LH 400"))));

        assertTrue(paused.isInterrupted());
        assertEquals(List.of("human_approval"), paused.interrupt().awaiting());
        assertEquals("book", paused.interrupt().prompt().get("tool").asText());
        assertEquals("Run the tool book with {\"flight\":\"LH 400\"}? Answer yes or no.",
                paused.interrupt().prompt().get("question").asText());
        assertEquals(0, bookings.booked.get(), "nothing runs before the human says yes");

        RunResult resumed = completed(onVirtualThread(() -> runs.newRun(TestRuns.request()).session("trip").build()
                .resume("trip", new TextNode("yes"))));

        assertEquals("Your flight is booked.", resumed.outputText());
        assertEquals(1, bookings.booked.get());
        assertEquals("tool: booked LH 400", model.received().getLast().messages().getLast());
    }

    @Test
    void a_tool_needing_approval_after_another_tool_of_the_same_answer_pauses_and_resumes() throws Exception {
        Bookings bookings = new Bookings();
        Agent agent = LangChain4jAgent.builder()
                .chatModel(OpenAiChatModel.builder().httpClientBuilder(JdkHttpClient.builder())
                        .baseUrl(model.baseUrl()).apiKey(KEY).modelName("scripted-model").build())
                .tools(new Weather(), bookings)
                .requireApproval("book")
                .build();
        Runs runs = new Runs(agent, sessions, Duration.ofSeconds(30), null);
        model.then(new ToolCalls(List.of(new ToolCall("weather", "{\"city\":\"Berlin\"}"),
                new ToolCall("book", "{\"flight\":\"LH 400\"}"))), new Reply("Sunny, and booked."));

        RunResult paused = completed(onVirtualThread(() -> runs.newRun(TestRuns.request()).session("trip-3").build()
                .invoke(RunInput.of("weather in Berlin, then book LH 400"))));
        assertTrue(paused.isInterrupted());
        assertEquals("book", paused.interrupt().prompt().get("tool").asText());

        RunResult resumed = completed(onVirtualThread(() -> runs.newRun(TestRuns.request()).session("trip-3").build()
                .resume("trip-3", new TextNode("yes"))));

        assertEquals("Sunny, and booked.", resumed.outputText());
        assertEquals(1, bookings.booked.get());
        List<String> followUp = model.received().getLast().messages();
        assertEquals(List.of("tool: sunny in Berlin", "tool: booked LH 400"),
                followUp.subList(followUp.size() - 2, followUp.size()));
    }

    @Test
    void a_paused_runs_state_keeps_only_its_own_turn_and_resume_sends_the_earlier_history() throws Exception {
        Bookings bookings = new Bookings();
        Agent agent = LangChain4jAgent.builder()
                .chatModel(OpenAiChatModel.builder().httpClientBuilder(JdkHttpClient.builder())
                        .baseUrl(model.baseUrl()).apiKey(KEY).modelName("scripted-model").build())
                .tools(bookings)
                .systemMessage("You book flights.")
                .requireApproval("book")
                .build();
        Runs runs = new Runs(agent, sessions, Duration.ofSeconds(30), null);
        completed(invoke(agent, "long-trip", "I fly to Tokyo in May", Duration.ofSeconds(30)));
        completed(invoke(agent, "long-trip", "and back in June", Duration.ofSeconds(30)));
        model.then(new ToolCalls(List.of(new ToolCall("book", "{\"flight\":\"LH 716\"}"),
                new ToolCall("book", "{\"flight\":\"LH 717\"}"))), new Reply("Both booked."));

        RunResult paused = completed(onVirtualThread(() -> runs.newRun(TestRuns.request()).session("long-trip").build()
                .invoke(RunInput.of("book both flights"))));
        String firstState = paused.interrupt().state().toString();
        RunResult pausedAgain = completed(onVirtualThread(() -> runs.newRun(TestRuns.request())
                .session("long-trip").build().resume("long-trip", new TextNode("yes"))));
        String secondState = pausedAgain.interrupt().state().toString();
        RunResult resumed = completed(onVirtualThread(() -> runs.newRun(TestRuns.request()).session("long-trip")
                .build().resume("long-trip", new TextNode("yes"))));

        for (String state : List.of(firstState, secondState)) {
            assertTrue(state.contains("book both flights"), state);
            assertFalse(state.contains("Tokyo") || state.contains("June") || state.contains("You book flights."),
                    "the state holds this run's turn only: " + state);
        }
        assertEquals("Both booked.", resumed.outputText());
        assertEquals(2, bookings.booked.get());
        List<String> sent = model.received().getLast().messages();
        assertEquals(List.of("system: You book flights.",
                "user: I fly to Tokyo in May", "assistant: The scripted model heard: I fly to Tokyo in May",
                "user: and back in June", "assistant: The scripted model heard: and back in June",
                "user: book both flights"), sent.subList(0, 6));
        assertEquals(List.of("tool: booked LH 716", "tool: booked LH 717"), sent.subList(7, sent.size()));
    }

    @Test
    void tool_calls_past_max_tool_rounds_end_the_run_without_running_the_tools() throws Exception {
        Bookings bookings = new Bookings();
        Agent agent = LangChain4jAgent.builder()
                .chatModel(OpenAiChatModel.builder().httpClientBuilder(JdkHttpClient.builder())
                        .baseUrl(model.baseUrl()).apiKey(KEY).modelName("scripted-model").build())
                .tools(bookings)
                .maxToolRounds(1)
                .build();
        model.then(new ToolCall("book", "{\"flight\":\"LH 400\"}"), new ToolCall("book", "{\"flight\":\"LH 401\"}"));

        AgentFailures.Failure failure = failed(invoke(agent, "loop", "book flights", Duration.ofSeconds(30)));

        assertEquals("the model kept calling tools: the run stopped after 1 rounds of them", failure.message());
        assertEquals(1, bookings.booked.get(), "the second round's tool is not run: no model would see its result");
        assertEquals(2, model.received().size());
    }

    @Test
    void a_declined_tool_is_not_run_and_the_model_is_told() throws Exception {
        Bookings bookings = new Bookings();
        Runs runs = new Runs(approving(bookings), sessions, Duration.ofSeconds(30), null);
        model.then(new ToolCall("book", "{\"flight\":\"LH 400\"}"), new Reply("All right, nothing booked."));
        completed(onVirtualThread(() -> runs.newRun(TestRuns.request()).session("trip-2").build()
                .invoke(RunInput.of("book LH 400"))));

        RunResult resumed = completed(onVirtualThread(() -> runs.newRun(TestRuns.request()).session("trip-2").build()
                .resume("trip-2", new TextNode("no"))));

        assertEquals("All right, nothing booked.", resumed.outputText());
        assertEquals(0, bookings.booked.get());
        assertEquals("tool: The user did not approve this call; the tool was not run.",
                model.received().getLast().messages().getLast());
    }

    @Test
    void build_resumable_refuses_an_agent_without_tools_needing_approval() {
        LangChain4jAgent.Builder builder = LangChain4jAgent.builder()
                .chatModel(OpenAiChatModel.builder().httpClientBuilder(JdkHttpClient.builder())
                        .baseUrl(model.baseUrl()).apiKey(KEY).modelName("scripted-model").build())
                .tools(new Bookings());
        IllegalStateException refused = assertThrows(IllegalStateException.class, builder::buildResumable);
        assertTrue(refused.getMessage().contains("requireApproval"), refused.getMessage());

        assertTrue(ResumableAgent.canResume(builder.requireApproval("book").buildResumable()));
    }

    @Test
    void an_agent_without_tools_needing_approval_offers_no_resume() {
        assertFalse(ResumableAgent.canResume(builtIn(model.baseUrl())));
    }

    private static AgentFailures.Failure failed(RunOutcome outcome) {
        return assertInstanceOf(RunOutcome.Failed.class, outcome).failure();
    }
}
