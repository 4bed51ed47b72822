package dev.agentport.lambda;

import dev.agentport.AgentPort;
import dev.agentport.agent.Agent;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.agent.Turn;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.session.Conversation;
import dev.agentport.session.PausedRun;
import dev.agentport.session.SessionStore;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SnapStart priming: what it calls, and that every primed request succeeds. */
class PrimingTest {

    private static AgentPort core(Agent agent, RuntimeConfig config, SessionStore store) {
        return AgentPort.builder().agent(agent).config(config).sessionStore(store).build().startAndAwait();
    }

    @Test
    void everyPrimedRequestIsAnswered2xx() {
        List<Integer> statuses = Priming.prime(core(new DefaultAgent(Duration.ZERO), RuntimeConfig.defaults(),
                new InMemorySessionStore()));
        assertEquals(9, statuses.size(), statuses.toString());
        assertTrue(statuses.stream().allMatch(status -> status / 100 == 2), statuses.toString());
    }

    @Test
    void everyPrimedRequestIsAnswered2xxWithAuthOn() {
        List<Integer> statuses = Priming.prime(core(new DefaultAgent(Duration.ZERO),
                RuntimeConfig.defaults().withAuthToken("s3cret"), new InMemorySessionStore()));
        assertEquals(9, statuses.size(), statuses.toString());
        assertTrue(statuses.stream().allMatch(status -> status / 100 == 2), statuses.toString());
    }

    @Test
    void primingNeverCallsTheUsersAgentOrStoreUnlessTheAgentOptsIn() {
        CountingAgent agent = new CountingAgent(false);
        CountingStore store = new CountingStore();
        AgentPort served = core(agent, RuntimeConfig.defaults().withAuthToken("s3cret"), store);

        new Priming(served).beforeCheckpoint(null);

        assertEquals(0, agent.runs.get(), "the user's agent was called");
        assertEquals(0, store.calls.get(), "the user's session store was used");
    }

    @Test
    void primingCallsTheAgentThatOptsIn() {
        CountingAgent agent = new CountingAgent(true);
        AgentPort served = core(agent, RuntimeConfig.defaults(), new InMemorySessionStore());

        new Priming(served).beforeCheckpoint(null);

        assertTrue(agent.runs.get() > 0, "an agent that allows priming is primed");
    }

    /** Counts its runs; allows priming or not. */
    private static final class CountingAgent implements Agent {
        final AtomicInteger runs = new AtomicInteger();
        private final boolean allowsPriming;

        CountingAgent(boolean allowsPriming) {
            this.allowsPriming = allowsPriming;
        }

        @Override
        public AgentDescriptor descriptor() {
            return new AgentDescriptor("counting", "1", "counts its runs", "test", List.of());
        }

        @Override
        public RunResult invoke(RunInput input, RunContext context) {
            runs.incrementAndGet();
            return RunResult.of("counted");
        }

        @Override
        public boolean allowsPriming() {
            return allowsPriming;
        }
    }

    /** Counts every call, and keeps nothing. */
    private static final class CountingStore implements SessionStore {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public Conversation conversation(String sessionId) {
            calls.incrementAndGet();
            return Conversation.EMPTY;
        }

        @Override
        public boolean append(String sessionId, long expectedVersion, Turn turn) {
            calls.incrementAndGet();
            return true;
        }

        @Override
        public boolean exists(String sessionId) {
            calls.incrementAndGet();
            return false;
        }

        @Override
        public void savePaused(PausedRun run) {
            calls.incrementAndGet();
        }

        @Override
        public Optional<PausedRun> claimPaused(String runId) {
            calls.incrementAndGet();
            return Optional.empty();
        }
    }
}
