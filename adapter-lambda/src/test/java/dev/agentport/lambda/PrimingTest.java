package dev.agentport.lambda;

import dev.agentport.AgentPort;
import dev.agentport.agent.Agent;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.agent.Turn;
import dev.agentport.base.IdBytes;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.session.Conversation;
import dev.agentport.session.PausedRun;
import dev.agentport.session.SessionStore;
import dev.agentport.task.TaskStore;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SnapStart priming: what it calls, and that every primed request succeeds. */
class PrimingTest {

    private static AgentPort core(Agent agent, RuntimeConfig config, SessionStore store) {
        return AgentPort.builder().agent(agent).config(config).sessionStore(store).build().startAndAwait();
    }

    private static RuntimeConfig faces(String faces, String... more) {
        Map<String, String> env = new HashMap<>(Map.of("AGENT_FACES", faces));
        for (int i = 0; i + 1 < more.length; i += 2) {
            env.put(more[i], more[i + 1]);
        }
        return RuntimeConfig.fromEnvironment(env);
    }

    private static void assertAll2xx(int expected, List<Integer> statuses) {
        assertEquals(expected, statuses.size(), statuses.toString());
        assertTrue(statuses.stream().allMatch(status -> status / 100 == 2), statuses.toString());
    }

    @Test
    void everyPrimedRequestIsAnswered2xx() {
        // per round: health, AgentBreeder 2, Daedalus 2, A2A JSON-RPC 2, A2A HTTP+JSON 2, AgentCore 3, MCP 3
        assertAll2xx(45, Priming.prime(core(new DefaultAgent(Duration.ZERO), RuntimeConfig.defaults(),
                new InMemorySessionStore())));
    }

    @Test
    void everyPrimedRequestIsAnswered2xxWithAuthOn() {
        assertAll2xx(45, Priming.prime(core(new DefaultAgent(Duration.ZERO),
                RuntimeConfig.defaults().withAuthToken("s3cret"), new InMemorySessionStore())));
    }

    @Test
    void withDaedalusAloneItsCallsArePrimedAndNothingIs404() {
        CountingAgent agent = new CountingAgent(true);
        assertAll2xx(9, Priming.prime(core(agent, faces("daedalus").withAuthToken("s3cret"),
                new InMemorySessionStore())));
        assertEquals(6, agent.runs.get(), "POST / and its stream, three rounds");
    }

    @Test
    void withMcpAloneItsCallsArePrimedAndNothingIs404() {
        CountingAgent agent = new CountingAgent(true);
        assertAll2xx(9, Priming.prime(core(agent, faces("mcp").withAuthToken("s3cret"),
                new InMemorySessionStore())));
        assertEquals(3, agent.runs.get(), "send_message, three rounds");
    }

    @Test
    void mcpPrimingCarriesTheSessionItWasGiven() {
        assertAll2xx(9, Priming.prime(core(new DefaultAgent(Duration.ZERO),
                faces("mcp", "AGENT_MCP_SESSIONS", "store"), new InMemorySessionStore())));
    }

    @Test
    void withA2aJsonRpcAloneItsCallsArePrimedAndNothingIs404() {
        CountingAgent agent = new CountingAgent(true);
        assertAll2xx(6, Priming.prime(core(agent, faces("a2a-jsonrpc"), new InMemorySessionStore())));
        assertEquals(6, agent.runs.get(), "SendMessage and SendStreamingMessage, three rounds");
    }

    @Test
    void withA2aRestAloneItsCallsArePrimedAndNothingIs404() {
        CountingAgent agent = new CountingAgent(true);
        assertAll2xx(6, Priming.prime(core(agent, faces("a2a-rest"), new InMemorySessionStore())));
        assertEquals(6, agent.runs.get(), "message:send and message:stream, three rounds");
    }

    @Test
    void withAgentCoreAloneItsCallsArePrimedAndNothingIs404() {
        CountingAgent agent = new CountingAgent(true);
        assertAll2xx(9, Priming.prime(core(agent, faces("agentcore").withAuthToken("s3cret"),
                new InMemorySessionStore())));
        assertEquals(6, agent.runs.get(), "/invocations as JSON and as events, three rounds");
    }

    @Test
    void primingNeverCallsTheUsersAgentOrStoreUnlessTheAgentOptsIn() {
        CountingAgent agent = new CountingAgent(false);
        CountingStore store = new CountingStore();
        AtomicInteger taskCalls = new AtomicInteger();
        AgentPort served = AgentPort.builder().agent(agent).config(RuntimeConfig.defaults().withAuthToken("s3cret"))
                .sessionStore(store).taskStore(counting(TaskStore.class, taskCalls)).build().startAndAwait();

        new Priming(served).beforeCheckpoint(null);

        assertEquals(0, agent.runs.get(), "the user's agent was called");
        assertEquals(0, store.calls.get(), "the user's session store was used");
        assertEquals(0, taskCalls.get(), "the user's task store was used");
    }

    /** A store that counts its calls and fails them: priming must not reach it. */
    private static <T> T counting(Class<T> type, AtomicInteger calls) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[]{type}, (proxy, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return method.getName().equals("equals") ? proxy == args[0]
                        : method.getName().equals("hashCode") ? System.identityHashCode(proxy) : "counting";
            }
            calls.incrementAndGet();
            throw new UnsupportedOperationException(method.getName());
        }));
    }

    @Test
    void primingCallsTheAgentThatOptsIn() {
        CountingAgent agent = new CountingAgent(true);
        AgentPort served = core(agent, RuntimeConfig.defaults(), new InMemorySessionStore());

        new Priming(served).beforeCheckpoint(null);

        assertTrue(agent.runs.get() > 0, "an agent that allows priming is primed");
    }

    @Test
    void restoringThrowsAwayTheIdBytesDrawnBeforeTheSnapshot() {
        Priming priming = new Priming(core(new CountingAgent(false), RuntimeConfig.defaults(),
                new InMemorySessionStore()));
        int discards = IdBytes.discards();

        priming.afterRestore(null);

        assertTrue(IdBytes.discards() > discards, "every restored instance would hand out the same ids");
    }

    @Test
    void theSnapshotHoldsNoIdBytesDrawnWhilePriming() {
        Priming priming = new Priming(core(new CountingAgent(false), RuntimeConfig.defaults(),
                new InMemorySessionStore()));
        int discards = IdBytes.discards();

        priming.beforeCheckpoint(null);

        assertTrue(IdBytes.discards() > discards, "priming's requests drew ids");
    }

    @Test
    void theHookIsRegisteredOnlyWhenLambdaInitialisesForASnapStartSnapshot() {
        AgentPort served = core(new CountingAgent(false), RuntimeConfig.defaults(), new InMemorySessionStore());

        assertNull(Priming.register(served, Map.of()), "no initialisation type: no hook");
        assertNull(Priming.register(served, Map.of("AWS_LAMBDA_INITIALIZATION_TYPE", "on-demand")));
        assertNull(Priming.register(served, Map.of("AWS_LAMBDA_INITIALIZATION_TYPE", "provisioned-concurrency")));
        assertNotNull(Priming.register(served, Map.of("AWS_LAMBDA_INITIALIZATION_TYPE", "snap-start")),
                "SnapStart's init registers the hook (a no-op without a CRaC-capable JVM)");
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
