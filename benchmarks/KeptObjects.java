import dev.agentport.AgentPort;
import dev.agentport.http.HttpRequest;
import dev.agentport.logging.Observability;
import dev.agentport.runtime.Settings;

import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the stores keep per request, by class: the live-object histogram ({@code GC.class_histogram}, as {@code jmap
 * -histo:live} prints it) after 100 {@code POST /invoke}s without a session id and again after REQUESTS more, the
 * difference by class (classes that changed by at least 1,000 instances), biggest first. Each such request starts a
 * conversation, and the in-memory session store keeps the newest 10,000, so divide by the conversations added.
 *
 * <p>Usage, after {@code ./mvnw -pl adapter-helidon -am package -DskipTests}:
 * <pre>
 * DEFAULT_AGENT_WORD_DELAY_MS=0 java -XX:+UseParallelGC -Xmx160m \
 *     -cp adapter-helidon/target/agentport-server.jar benchmarks/KeptObjects.java [REQUESTS] >/dev/null
 * </pre>
 * REQUESTS is 20000 by default. The figures go to stderr.
 */
public final class KeptObjects {

    public static void main(String[] args) throws Exception {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        Settings settings = Settings.fromEnvironment();
        Observability.writeLogsInBackground(settings.variables());
        AgentPort core = AgentPort.builder().settings(settings).build().startAndAwait();
        invoke(core, 100);
        Map<String, long[]> before = histogram();
        invoke(core, requests);
        Map<String, long[]> after = histogram();
        List<long[]> changes = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, long[]> entry : after.entrySet()) {
            long[] was = before.getOrDefault(entry.getKey(), new long[2]);
            long[] change = {entry.getValue()[0] - was[0], entry.getValue()[1] - was[1]};
            if (Math.abs(change[0]) >= 1_000) {
                changes.add(change);
                names.add(entry.getKey());
            }
        }
        long objects = 0;
        long bytes = 0;
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < changes.size(); i++) {
            order.add(i);
        }
        order.sort((a, b) -> Long.compare(changes.get(b)[1], changes.get(a)[1]));
        System.err.printf("%10s %12s  %s%n", "instances", "bytes", "class");
        for (int i : order) {
            System.err.printf("%10d %12d  %s%n", changes.get(i)[0], changes.get(i)[1], names.get(i));
            objects += changes.get(i)[0];
            bytes += changes.get(i)[1];
        }
        System.err.printf("%10d %12d  in all, after %d requests%n", objects, bytes, requests);
        System.exit(0);
    }

    private static void invoke(AgentPort core, int requests) throws InterruptedException {
        byte[] body = "{\"input\":\"hello\"}".getBytes(StandardCharsets.UTF_8);
        // a virtual thread named as Helidon names its request threads, as InProcessLoop's
        Thread.ofVirtual().name("[0x1 0x2] WebServer socket").start(() -> {
            for (int i = 0; i < requests; i++) {
                int status = core.handle(HttpRequest.builder("POST", "/invoke")
                        .header("Host", "127.0.0.1:8080")
                        .header("Content-Type", "application/json")
                        .header("Content-Length", String.valueOf(body.length))
                        .remoteAddress("127.0.0.1")
                        .body(body)
                        .build()).status();
                if (status != 200) {
                    throw new IllegalStateException("/invoke answered " + status);
                }
            }
        }).join();
    }

    /** Live instances and bytes by class, after a full collection. */
    private static Map<String, long[]> histogram() throws Exception {
        String text = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                new Object[] {new String[0]}, new String[] {String[].class.getName()});
        Map<String, long[]> byClass = new HashMap<>();
        for (String line : text.split("\n")) {
            String[] fields = line.trim().split("\\s+");
            if (fields.length >= 4 && fields[0].endsWith(":")) {
                byClass.put(fields[3], new long[] {Long.parseLong(fields[1]), Long.parseLong(fields[2])});
            }
        }
        return byClass;
    }
}
