package dev.agentport.base;

/**
 * Whether this process installed an OpenTelemetry SDK as the global OpenTelemetry (the logging module's set-up does,
 * before the core is built), so that the core knows its spans have somewhere to go without looking the global up.
 */
public final class TracingInstalled {

    private static volatile boolean installed;

    private TracingInstalled() {
    }

    /** Called once the SDK is the global OpenTelemetry. */
    public static void mark() {
        installed = true;
    }

    public static boolean marked() {
        return installed;
    }
}
