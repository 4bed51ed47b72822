package dev.agentport.helidon;

import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * {@code java -jar agentport-server.jar}: serves the agent found through ServiceLoader, or the built-in default
 * agent, on {@code PORT} (default 8080), configured from environment variables.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
        try {
            AgentPortServer.builder().build().start();
        } catch (IllegalArgumentException e) {
            System.err.println("agentport: " + e.getMessage());
            System.exit(2);
        }
    }
}
