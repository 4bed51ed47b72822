package dev.agentport.helidon;

import dev.agentport.base.JdkWarmUp;
import dev.agentport.logging.Observability;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.runtime.Settings;
import dev.agentport.store.StoreUnavailableException;

/**
 * {@code java -jar agentport-server.jar}: serves the agent found through ServiceLoader, or the built-in default
 * agent, on {@code PORT} (default 8080), configured from environment variables.
 *
 * <p>A start-up that fails prints one line, {@code agentport: <reason>}, on stderr and exits with 2 for an invalid
 * setting, 1 when the port cannot be bound, 3 when the state store cannot be reached.
 */
public final class Main {

    static final int INVALID_SETTING = 2;
    static final int CANNOT_LISTEN = 1;
    static final int STORE_UNAVAILABLE = 3;

    private Main() {
    }

    public static void main(String[] args) throws InterruptedException {
        JdkWarmUp.start(); // off the main thread's path: the JSON log encoder's and Helidon's registry's first uses
        JulBridge.install();
        Settings settings = Settings.fromEnvironment();
        try {
            // drained by CleanExit, last thing before the exit (the training run's too: it logs as a server does)
            Observability.writeLogsInBackground(settings.variables());
            if (Boolean.getBoolean(TrainingRun.PROPERTY)) {
                TrainingRun.run(Thread.currentThread().getContextClassLoader(), RuntimeConfig.from(settings),
                        TrainingRun.ROUNDS);
                Observability.drainLogs();
            } else {
                CleanExit.afterShutdownOf(AgentPortServer.builder().settings(settings).build().start());
            }
        } catch (IllegalArgumentException e) {
            fail(INVALID_SETTING, e.getMessage());
        } catch (ServerStartException e) {
            fail(CANNOT_LISTEN, e.getMessage());
        } catch (StoreUnavailableException e) {
            fail(STORE_UNAVAILABLE, e.getMessage());
        }
    }

    private static void fail(int status, String message) {
        Observability.drainLogs();
        System.err.println("agentport: " + message);
        System.exit(status);
    }
}
