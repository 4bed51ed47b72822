package dev.agentport.lambdalocal;

import org.slf4j.bridge.SLF4JBridgeHandler;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java -jar lambda-local.jar [--port 8080] [--mode buffered|streaming] [--zip path] [--timeout 30]}:
 * serves a Lambda deployment zip over HTTP on this machine. Settings are in {@link LocalSettings}. Stops the
 * function's process tree on SIGTERM/SIGINT. Logs are one JSON object per line on stdout (Helidon's too, bridged from
 * java.util.logging); a start-up failure is one plain line on stderr.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
        LocalSettings settings;
        TaskRoot taskRoot;
        try {
            settings = LocalSettings.from(System.getenv(), args, defaultRicDir());
            taskRoot = TaskRoot.unzip(settings.zip());
            addAgentJars(taskRoot);
        } catch (IllegalArgumentException | FileNotFoundException e) {
            System.err.println("lambda-local: " + e.getMessage());
            System.exit(2);
            return;
        } catch (IOException e) {
            System.err.println("lambda-local: cannot unpack the deployment zip: " + e);
            System.exit(2);
            return;
        }
        Path javaHome = Path.of(System.getProperty("java.home"));
        LambdaLocal local;
        try {
            local = LambdaLocal.start(settings, runtimeApi -> Launches.forMode(settings, taskRoot.directory(),
                    runtimeApi, javaHome, System.getenv()));
        } catch (IOException | RuntimeException e) {
            taskRoot.close();
            System.err.println("lambda-local: cannot start: " + e.getMessage());
            System.exit(1);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            local.close();
            taskRoot.close();
        }, "lambda-local-shutdown"));
        new CountDownLatch(1).await();
    }

    /** {@code AGENT_CLASSPATH}'s jars go into the task root's {@code lib/}; a bad entry removes the task root. */
    private static void addAgentJars(TaskRoot taskRoot) throws IOException {
        try {
            taskRoot.addJars(System.getenv("AGENT_CLASSPATH"));
        } catch (IOException | RuntimeException e) {
            taskRoot.close();
            throw e;
        }
    }

    /** The {@code ric} folder next to lambda-local.jar, where the build copies the runtime interface client. */
    private static Path defaultRicDir() throws URISyntaxException {
        Path jar = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        return jar.getParent().resolve("ric");
    }
}
