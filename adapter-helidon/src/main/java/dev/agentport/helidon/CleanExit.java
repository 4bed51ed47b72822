package dev.agentport.helidon;

import dev.agentport.logging.Observability;

/**
 * How {@code java -jar} ends on SIGTERM: the JVM would report 143 (killed by the signal) however well the server
 * drained. After the server's own shutdown, the spans and the log lines still queued are written and the process exits with 0.
 */
final class CleanExit {

    private CleanExit() {
    }

    static void afterShutdownOf(AgentPortServer server) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.stop(); // waits for the drain the server's own hook has begun
            Observability.flush();
            Observability.drainLogs(); // the access-log lines of the last runs are still queued
            System.out.flush();
            System.err.flush();
            Runtime.getRuntime().halt(0);
        }, "agentport-exit"));
    }
}
