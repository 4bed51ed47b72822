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
 * -histo:live} prints it) after 100 requests of FACE and again after REQUESTS more, the difference by class (classes
 * that changed by at least 1,000 instances), biggest first. FACE is {@code invoke} ({@code POST /invoke} without a
 * session id: each starts a conversation, and the in-memory session store keeps the newest 10,000), {@code daedalus}
 * ({@code POST /}) or {@code a2a-1.0} ({@code SendMessage}): each starts a task in a new context, and the in-memory
 * task store keeps the newest 10,000. Divide by the conversations or tasks added.
 *
 * <p>Usage, after {@code ./mvnw -pl adapter-helidon -am package -DskipTests}:
 * <pre>
 * DEFAULT_AGENT_WORD_DELAY_MS=0 java -XX:+UseParallelGC -Xmx160m \
 *     -cp adapter-helidon/target/agentport-server.jar benchmarks/KeptObjects.java [REQUESTS [FACE]] >/dev/null
 * </pre>
 * REQUESTS is 20000 and FACE {@code invoke} by default. The figures go to stderr.
 */
public final class KeptObjects {

    public static void main(String[] args) throws Exception {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        String face = args.length > 1 ? args[1] : "invoke";
        Settings settings = Settings.fromEnvironment();
        Observability.writeLogsInBackground(settings.variables());
        AgentPort core = AgentPort.builder().settings(settings).build().startAndAwait();
        invoke(core, face, 100);
        Map<String, long[]> before = histogram();
        invoke(core, face, requests);
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

    private static void invoke(AgentPort core, String face, int requests) throws InterruptedException {
        String path = switch (face) {
            case "invoke" -> "/invoke";
            case "daedalus" -> "/";
            case "a2a-1.0" -> "/a2a";
            default -> throw new IllegalArgumentException("unknown face " + face);
        };
        byte[] body = (switch (face) {
            case "invoke" -> "{\"input\":\"hello\"}";
            case "daedalus" -> "{\"message\":{\"role\":\"user\",\"parts\":[{\"text\":\"hello\"}]}}";
            default -> "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendMessage\",\"params\":"
                    + "{\"message\":{\"messageId\":\"m1\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"hello\"}]}}}";
        }).getBytes(StandardCharsets.UTF_8);
        // a virtual thread named as Helidon names its request threads, as InProcessLoop's
        Thread.ofVirtual().name("[0x1 0x2] WebServer socket").start(() -> {
            for (int i = 0; i < requests; i++) {
                int status = core.handle(HttpRequest.builder("POST", path)
                        .header("Host", "127.0.0.1:8080")
                        .header("Content-Type", "application/json")
                        .header("Content-Length", String.valueOf(body.length))
                        .header("A2A-Version", "1.0") // read by /a2a only
                        .remoteAddress("127.0.0.1")
                        .body(body)
                        .build()).status();
                if (status != 200) {
                    throw new IllegalStateException(path + " answered " + status);
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
