package dev.agentport.helidon;

import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * Routes java.util.logging (which Helidon logs through) to SLF4J, so every line is JSON whoever wrote the
 * {@code main}. Safe to call any number of times.
 */
final class JulBridge {

    private JulBridge() {
    }

    static synchronized void install() {
        if (!SLF4JBridgeHandler.isInstalled()) {
            SLF4JBridgeHandler.removeHandlersForRootLogger();
            SLF4JBridgeHandler.install();
        }
    }
}
