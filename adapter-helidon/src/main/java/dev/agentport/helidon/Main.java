package dev.agentport.helidon;

import dev.agentport.http.HttpRequest;
import org.slf4j.bridge.SLF4JBridgeHandler;

import java.util.concurrent.TimeUnit;

/**
 * {@code java -jar agentport-server.jar}: serves the agent found through ServiceLoader, or the built-in default
 * agent, on {@code PORT} (default 8080), configured from environment variables.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) throws InterruptedException {
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
        AgentPortServer server;
        try {
            server = AgentPortServer.builder().build().start();
        } catch (IllegalArgumentException e) {
            System.err.println("agentport: " + e.getMessage());
            System.exit(2);
            return;
        }
        if (Boolean.getBoolean(TRAINING_RUN)) {
            train(server);
        } else {
            CleanExit.afterShutdownOf(server);
        }
    }

    /**
     * With {@code -Dagentport.trainingRun=true} the server starts, serves a health check and a run in-process, and
     * stops: the build runs it so with {@code -XX:ArchiveClassesAtExit} to record the class data sharing archive that
     * makes later starts about twice as fast.
     */
    static final String TRAINING_RUN = "agentport.trainingRun";

    private static void train(AgentPortServer server) throws InterruptedException {
        server.core().lifecycle().awaitSettled(30, TimeUnit.SECONDS);
        server.core().handle(HttpRequest.builder("GET", "/health").build());
        server.core().handle(HttpRequest.builder("POST", "/invoke").header("Content-Type", "application/json")
                .body("{\"input\":\"training run\"}").build());
        server.stop();
    }
}
