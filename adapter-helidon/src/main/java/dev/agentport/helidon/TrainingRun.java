package dev.agentport.helidon;

import dev.agentport.agent.Agent;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.http.HttpRequest;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.session.InMemorySessionStore;

import java.time.Duration;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;

/**
 * With {@code -Dagentport.trainingRun=true} the server starts, serves a health check and a run in-process, and stops:
 * the build runs it so with {@code -XX:ArchiveClassesAtExit} to record the class data sharing archive that makes
 * later starts about twice as fast.
 *
 * <p>The run never reaches the user's agent or store unless the agent {@linkplain Agent#allowsPriming() allows
 * priming}: otherwise the same requests go to the built-in default agent with a fresh in-memory store.
 */
final class TrainingRun {

    static final String PROPERTY = "agentport.trainingRun";

    private TrainingRun() {
    }

    /** {@code classLoader} is where the served agent is looked for, as the server itself would. */
    static void run(ClassLoader classLoader, RuntimeConfig config) throws InterruptedException {
        Agent served = ServiceLoader.load(Agent.class, classLoader).findFirst().orElse(null);
        AgentPortServer.Builder builder = AgentPortServer.builder().config(config);
        if (served != null && served.allowsPriming()) {
            builder.agent(served);
        } else {
            builder.agent(new DefaultAgent(Duration.ZERO)).sessionStore(new InMemorySessionStore());
        }
        AgentPortServer server = builder.build().start();
        try {
            server.core().lifecycle().awaitSettled(30, TimeUnit.SECONDS);
            server.core().handle(HttpRequest.builder("GET", "/health").build());
            HttpRequest.Builder invoke = HttpRequest.builder("POST", "/invoke")
                    .header("Content-Type", "application/json");
            if (config.authEnabled()) {
                invoke.header("Authorization", "Bearer " + config.authToken());
            }
            server.core().handle(invoke.body("{\"input\":\"training run\"}").build());
        } finally {
            server.stop();
        }
    }
}
