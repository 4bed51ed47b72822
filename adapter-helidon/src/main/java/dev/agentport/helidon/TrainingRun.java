package dev.agentport.helidon;

import dev.agentport.AgentPort;
import dev.agentport.agent.Agent;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.http.Body;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.priming.PrimingRequests;
import dev.agentport.priming.PrimingRun;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.store.StateStores;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;

/**
 * With {@code -Dagentport.trainingRun=true} the server starts, serves in-process a health check and the main calls of
 * every enabled face ({@link PrimingRequests}), and stops:
 * the build runs it so with {@code -XX:ArchiveClassesAtExit} to record the class data sharing archive that makes
 * later starts about twice as fast.
 *
 * <p>The run never reaches the user's agent or store unless the agent {@linkplain Agent#allowsPriming() allows
 * priming}: otherwise the same requests go to the built-in default agent with fresh in-memory state stores.
 */
final class TrainingRun {

    static final String PROPERTY = "agentport.trainingRun";

    private TrainingRun() {
    }

    /** {@code classLoader} is where the served agent is looked for, as the server itself would. */
    static List<Integer> run(ClassLoader classLoader, RuntimeConfig config) throws InterruptedException {
        Agent served = ServiceLoader.load(Agent.class, classLoader).findFirst().orElse(null);
        AgentPortServer.Builder builder = AgentPortServer.builder().config(config);
        if (served != null && served.allowsPriming()) {
            builder.agent(served);
        } else {
            builder.agent(new DefaultAgent(Duration.ZERO)).stateStores(StateStores.inMemory(config.stateTtl()));
        }
        AgentPortServer server = builder.build().start();
        try {
            AgentPort core = server.core();
            core.lifecycle().awaitSettled(30, TimeUnit.SECONDS);
            return PrimingRun.run(PrimingRequests.forFaces(core.faces(), config), request -> served(core, request));
        } finally {
            server.stop();
        }
    }

    /** The core's answer with its event stream, if it is one, run to the end: the run happens while it is written. */
    private static HttpResponse served(AgentPort core, HttpRequest request) {
        HttpResponse response = core.handle(request);
        if (response.body() instanceof Body.EventStream stream) {
            try {
                stream.writer().writeTo(frame -> {
                });
            } catch (IOException e) {
                throw new UncheckedIOException("a sink that keeps nothing cannot fail", e);
            }
        }
        return response;
    }
}
