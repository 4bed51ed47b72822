package dev.agentport.helidon;

import dev.agentport.agent.Agent;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.priming.PrimingRequests;
import dev.agentport.priming.PrimingRun;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.store.StateStores;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

/**
 * With {@code -Dagentport.trainingRun=true} the server starts, serves a health check and the main calls of every
 * enabled face ({@link PrimingRequests}) to a client on loopback, over HTTP as a caller would, and stops: the build
 * runs it so with {@code -XX:AOTCacheOutput} (JDK 25 and later) or {@code -XX:ArchiveClassesAtExit} to record the
 * AOT cache or class data sharing archive that makes later starts faster. Going through the socket puts Helidon's
 * own request path (parsing, routing, writing, chunked streams) in the archive too, not only the core's.
 *
 * <p>After that first pass, the build's run sends the synchronous ones {@link #ROUNDS} more times from
 * {@link #CLIENTS} keep-alive connections at once: the request path then runs often enough for the JVM to profile it
 * and compile it with C2, and the AOT cache keeps those profiles (JEP 515), so a fresh server compiles its hot path
 * from its first requests instead of after seconds of load.
 *
 * <p>The first pass never reaches the user's agent or store unless the agent {@linkplain Agent#allowsPriming() allows
 * priming}: otherwise its requests go to the built-in default agent with fresh in-memory state stores, as the rounds'
 * always do.
 */
final class TrainingRun {

    static final String PROPERTY = "agentport.trainingRun";
    /**
     * The build's repetitions: each face's main call runs {@code ROUNDS * CLIENTS} = 6,000 times, the path the faces
     * share seven times as often (health and MCP's three calls included), past the 5,000 invocations at which C2
     * compiles a method by default.
     */
    static final int ROUNDS = 1_500;
    static final int CLIENTS = 4;
    private static final String EVENTS = "text/event-stream";

    private TrainingRun() {
    }

    /** One pass of the priming requests; {@code classLoader} is where the served agent is looked for. */
    static List<Integer> run(ClassLoader classLoader, RuntimeConfig config) throws InterruptedException {
        return run(classLoader, config, 0);
    }

    /**
     * One pass of the priming requests, then {@code rounds} more of the synchronous ones from each of
     * {@link #CLIENTS} clients at once, on a server of their own with the default agent: the rounds' thousands of calls
     * never reach the user's agent, even one that allows priming.
     *
     * @return the status of every answer of the first pass, in order
     * @throws IllegalStateException when a repeated request is answered other than 2xx
     */
    static List<Integer> run(ClassLoader classLoader, RuntimeConfig config, int rounds) throws InterruptedException {
        Agent served = ServiceLoader.load(Agent.class, classLoader).findFirst().orElse(null);
        List<Boolean> streamed = new ArrayList<>();
        List<Integer> statuses;
        AgentPortServer server = start(served != null && served.allowsPriming() ? served : null, config);
        try {
            List<HttpRequest> requests = PrimingRequests.forFaces(server.core().faces(), config);
            try (LoopbackClient client = new LoopbackClient(server.port())) {
                statuses = PrimingRun.run(requests, request -> {
                    HttpResponse answer = client.send(request);
                    String type = answer.header("Content-Type");
                    streamed.add(type != null && type.startsWith(EVENTS));
                    return answer;
                });
            }
        } finally {
            server.stop();
        }
        if (rounds > 0) {
            AgentPortServer defaults = start(null, config);
            try {
                repeat(defaults.core().faces(), config, defaults.port(), rounds, streamed);
            } finally {
                defaults.stop();
            }
        }
        return statuses;
    }

    /** A server of {@code agent}, or of the default agent with fresh in-memory stores when it is null, loaded. */
    private static AgentPortServer start(Agent agent, RuntimeConfig config) throws InterruptedException {
        AgentPortServer.Builder builder = AgentPortServer.builder().config(config);
        if (agent != null) {
            builder.agent(agent);
        } else {
            builder.agent(new DefaultAgent(Duration.ZERO)).stateStores(StateStores.inMemory(config.stateTtl()));
        }
        AgentPortServer server = builder.build().start();
        server.core().lifecycle().awaitSettled(30, TimeUnit.SECONDS);
        return server;
    }

    /**
     * The requests whose first answer was not a stream: a stream's last chunk waits for loopback's delayed
     * acknowledgement (about 40 ms), which would make the rounds last minutes; the first pass trains their path.
     */
    private static void repeat(List<String> faces, RuntimeConfig config, int port, int rounds, List<Boolean> streamed)
            throws InterruptedException {
        if (rounds == 0) {
            return;
        }
        List<Future<?>> clients = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(CLIENTS)) {
            for (int i = 0; i < CLIENTS; i++) {
                clients.add(threads.submit(() -> {
                    try (LoopbackClient client = new LoopbackClient(port)) {
                        for (int round = 0; round < rounds; round++) {
                            List<HttpRequest> all = PrimingRequests.forFaces(faces, config);
                            List<HttpRequest> requests = IntStream.range(0, all.size())
                                    .filter(index -> !streamed.get(index)).mapToObj(all::get).toList();
                            List<Integer> statuses = PrimingRun.run(requests, client::send);
                            if (!statuses.stream().allMatch(status -> status / 100 == 2)) {
                                throw new IllegalStateException("the training requests " + paths(requests)
                                        + " were answered " + statuses + " in round " + round);
                            }
                        }
                    }
                }));
            }
        }
        for (Future<?> client : clients) {
            try {
                client.get();
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException cause ? cause : new IllegalStateException(e.getCause());
            }
        }
    }

    private static List<String> paths(List<HttpRequest> requests) {
        return requests.stream().map(request -> request.method() + " " + request.path()).toList();
    }
}
