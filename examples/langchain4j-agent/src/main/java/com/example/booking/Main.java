package com.example.booking;

import dev.agentport.helidon.AgentPortServer;

/** Serves the booking agent on every face, on {@code PORT} (default 8080), with AgentPort's other settings. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        AgentPortServer.builder().agent(new BookingAgent()).build().start();
    }
}
