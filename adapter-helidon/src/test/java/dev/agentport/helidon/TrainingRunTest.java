package dev.agentport.helidon;

import dev.agentport.agent.Agent;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.runtime.RuntimeConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The build's class-data training run never calls the user's agent unless the agent allows priming. */
class TrainingRunTest {

    private static final RuntimeConfig CONFIG = RuntimeConfig.fromEnvironment(Map.of("PORT", "0"));

    @Test
    void the_training_run_does_not_call_an_agent_that_does_not_allow_priming(@TempDir Path classpath)
            throws Exception {
        CountingAgent.CALLS.set(0);
        TrainingRun.run(loaderServing(CountingAgent.class, classpath), CONFIG);
        assertEquals(0, CountingAgent.CALLS.get());
    }

    @Test
    void the_training_run_primes_an_agent_that_allows_it(@TempDir Path classpath) throws Exception {
        PrimableAgent.CALLS.set(0);
        TrainingRun.run(loaderServing(PrimableAgent.class, classpath), CONFIG);
        assertTrue(PrimableAgent.CALLS.get() > 0);
    }

    @Test
    void with_daedalus_alone_the_training_run_calls_its_face_and_gets_no_404(@TempDir Path classpath)
            throws Exception {
        RunCountingAgent.RUNS.set(0);
        List<Integer> statuses = TrainingRun.run(loaderServing(RunCountingAgent.class, classpath),
                RuntimeConfig.fromEnvironment(Map.of("PORT", "0", "AGENT_FACES", "daedalus")));
        assertEquals(List.of(200, 200, 200), statuses);
        assertEquals(2, RunCountingAgent.RUNS.get(), "POST / and its stream");
    }

    @Test
    void with_mcp_alone_the_training_run_calls_its_face_and_gets_no_404(@TempDir Path classpath) throws Exception {
        RunCountingAgent.RUNS.set(0);
        List<Integer> statuses = TrainingRun.run(loaderServing(RunCountingAgent.class, classpath),
                RuntimeConfig.fromEnvironment(Map.of("PORT", "0", "AGENT_FACES", "mcp", "AGENT_AUTH_TOKEN", "s3cret")));
        assertEquals(List.of(200, 200, 200), statuses);
        assertEquals(1, RunCountingAgent.RUNS.get(), "send_message");
    }

    @Test
    void with_agentcore_alone_the_training_run_pings_and_invokes_and_gets_no_404(@TempDir Path classpath)
            throws Exception {
        RunCountingAgent.RUNS.set(0);
        List<Integer> statuses = TrainingRun.run(loaderServing(RunCountingAgent.class, classpath),
                RuntimeConfig.fromEnvironment(Map.of("PORT", "0", "AGENT_FACES", "agentcore")));
        assertEquals(List.of(200, 200, 200), statuses);
        assertEquals(2, RunCountingAgent.RUNS.get(), "/invocations and its stream");
    }

    @Test
    void the_rounds_after_the_first_pass_never_call_the_users_agent_even_one_that_allows_priming(
            @TempDir Path classpath) throws Exception {
        RunCountingAgent.RUNS.set(0);
        List<Integer> statuses = TrainingRun.run(loaderServing(RunCountingAgent.class, classpath),
                RuntimeConfig.fromEnvironment(Map.of("PORT", "0", "AGENT_FACES", "daedalus")), 3);
        assertEquals(List.of(200, 200, 200), statuses, "the first pass's answers");
        assertEquals(2, RunCountingAgent.RUNS.get(), "POST / and its stream, in the first pass only");
    }

    @Test
    void every_face_on_by_default_is_trained_again_in_rounds_without_an_answer_other_than_2xx(
            @TempDir Path classpath) throws Exception {
        List<Integer> statuses = TrainingRun.run(loaderServing(CountingAgent.class, classpath), CONFIG, 2);
        assertTrue(statuses.stream().allMatch(status -> status / 100 == 2), statuses.toString());
    }

    @Test
    void every_face_on_by_default_is_trained_without_an_answer_other_than_2xx(@TempDir Path classpath)
            throws Exception {
        List<Integer> statuses = TrainingRun.run(loaderServing(CountingAgent.class, classpath), CONFIG);
        assertEquals(15, statuses.size(), statuses.toString());
        assertTrue(statuses.stream().allMatch(status -> status / 100 == 2), statuses.toString());
    }

    /** A class loader whose META-INF/services names {@code agent}, as a user's jar would. */
    private static ClassLoader loaderServing(Class<? extends Agent> agent, Path classpath) throws Exception {
        Path services = Files.createDirectories(classpath.resolve("META-INF/services"));
        Files.writeString(services.resolve(Agent.class.getName()), agent.getName() + "\n");
        return new URLClassLoader(new URL[]{classpath.toUri().toURL()}, TrainingRunTest.class.getClassLoader());
    }

    public static class CountingAgent implements Agent {
        static final AtomicInteger CALLS = new AtomicInteger();

        @Override
        public AgentDescriptor descriptor() {
            return new AgentDescriptor("counting", "1.0.0", "Counts its runs.", "test", List.of());
        }

        @Override
        public void load() {
            CALLS.incrementAndGet();
        }

        @Override
        public RunResult invoke(RunInput input, RunContext context) {
            CALLS.incrementAndGet();
            return RunResult.of("counted");
        }
    }

    public static class PrimableAgent extends CountingAgent {
        static final AtomicInteger CALLS = new AtomicInteger();

        @Override
        public void load() {
            CALLS.incrementAndGet();
        }

        @Override
        public RunResult invoke(RunInput input, RunContext context) {
            CALLS.incrementAndGet();
            return RunResult.of("primed");
        }

        @Override
        public boolean allowsPriming() {
            return true;
        }
    }

    /** Counts its runs (not its loading); allows priming. */
    public static class RunCountingAgent extends CountingAgent {
        static final AtomicInteger RUNS = new AtomicInteger();

        @Override
        public void load() {
        }

        @Override
        public RunResult invoke(RunInput input, RunContext context) {
            RUNS.incrementAndGet();
            return RunResult.of("counted");
        }

        @Override
        public boolean allowsPriming() {
            return true;
        }
    }
}
