package dev.agentport.langchain4j;

import dev.agentport.agent.Agent;
import dev.agentport.agent.CancelCause;
import dev.agentport.agent.RunInput;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.runtime.Run;
import dev.agentport.runtime.RunOutcome;
import dev.agentport.runtime.Runs;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.testing.RecordingEmitter;
import dev.agentport.testing.TestRuns;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The built-in agent's streamed model call ends with its run from the first byte: a provider that has not answered, or
 * that sent its headers and then nothing, sees the connection closed at the run's deadline or on cancellation. The
 * model's own read timeout (five minutes here) would come far later.
 */
class StreamedCallClosesTest {

    @Test
    void a_stream_stalled_after_its_headers_is_closed_at_the_run_deadline() throws Exception {
        try (ScriptedModelServer model = ScriptedModelServer.start().then(new ScriptedModelServer.Hold(true))) {
            RunOutcome outcome = streamOnce(run(model, Duration.ofSeconds(1)));

            assertFailed(AgentFailures.Kind.DEADLINE_EXCEEDED, outcome);
            assertTrue(model.awaitHangUp(30, TimeUnit.SECONDS), "the model call outlived its run");
        }
    }

    @Test
    void a_stream_without_an_answer_is_closed_at_the_run_deadline() throws Exception {
        try (ScriptedModelServer model = ScriptedModelServer.start().then(new ScriptedModelServer.Hold(false))) {
            RunOutcome outcome = streamOnce(run(model, Duration.ofSeconds(1)));
            model.release();

            assertFailed(AgentFailures.Kind.DEADLINE_EXCEEDED, outcome);
            assertTrue(model.awaitHangUp(30, TimeUnit.SECONDS), "the model call outlived its run");
        }
    }

    @Test
    void a_cancelled_run_closes_a_stream_without_an_answer() throws Exception {
        try (ScriptedModelServer model = ScriptedModelServer.start().then(new ScriptedModelServer.Hold(false));
             ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            Run run = run(model, Duration.ofMinutes(5));
            Future<RunOutcome> outcome = threads.submit(() -> run.stream(RunInput.of("hello"), new RecordingEmitter()));
            assertTrue(model.awaitHolding(30, TimeUnit.SECONDS), "the model was never asked");

            run.cancel(CancelCause.CLIENT_CANCELLED, "stop");
            RunOutcome stopped = outcome.get(30, TimeUnit.SECONDS);
            model.release();

            assertInstanceOf(RunOutcome.Failed.class, stopped);
            assertTrue(model.awaitHangUp(30, TimeUnit.SECONDS), "the model call outlived its run");
        }
    }

    private static Run run(ScriptedModelServer model, Duration runTimeout) {
        Agent agent = OpenAiModelAgentProvider.create(
                new OpenAiSettings("scripted-model", model.baseUrl(), "sk-test", null, Duration.ofMinutes(5)));
        return new Runs(agent, new InMemorySessionStore(), runTimeout, null).newRun(TestRuns.request()).session("s")
                .build();
    }

    private static RunOutcome streamOnce(Run run) throws Exception {
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            return threads.submit(() -> run.stream(RunInput.of("hello"), new RecordingEmitter())).get();
        }
    }

    private static void assertFailed(AgentFailures.Kind kind, RunOutcome outcome) {
        assertEquals(kind, assertInstanceOf(RunOutcome.Failed.class, outcome).failure().kind());
    }
}
