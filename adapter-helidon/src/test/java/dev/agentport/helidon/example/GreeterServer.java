package dev.agentport.helidon.example;

import dev.agentport.helidon.AgentPortServer;

/** Serves {@link GreeterAgent} on {@code PORT} with every other setting from the environment. */
public final class GreeterServer {

    private GreeterServer() {
    }

    public static void main(String[] args) {
        AgentPortServer.builder()
                .agent(new GreeterAgent())
                .build()
                .start();
    }
}
