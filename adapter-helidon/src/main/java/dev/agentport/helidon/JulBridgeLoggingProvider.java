package dev.agentport.helidon;

import io.helidon.logging.common.spi.LoggingProvider;

/**
 * Helidon's logging set-up hook, found through ServiceLoader the first time Helidon logs: installs the bridge before
 * that first line. Without a provider Helidon prints a plain-text notice instead.
 */
public final class JulBridgeLoggingProvider implements LoggingProvider {

    @Override
    public void initialization() {
        JulBridge.install();
    }

    @Override
    public void runTime() {
        JulBridge.install();
    }
}
