import com.sun.management.OperatingSystemMXBean;
import com.sun.management.ThreadMXBean;
import dev.agentport.AgentPort;
import dev.agentport.http.Body;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.logging.Observability;
import dev.agentport.runtime.Settings;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * One face's main call through {@code AgentPort.handle} in a loop, in process, with no socket: the CPU each thread of
 * the process used per request (from {@code /proc/self/task}, so Linux only), the bytes allocated per request, and the
 * heap left after a full collection at the end (what the stores keep). Counts rather than rates: a loaded machine
 * moves them much less than a throughput figure.
 *
 * <p>Usage, after {@code ./mvnw -pl adapter-helidon -am package -DskipTests}:
 * <pre>
 * DEFAULT_AGENT_WORD_DELAY_MS=0 java -XX:+UseParallelGC -Xms64m -Xmx160m -Djdk.virtualThreadScheduler.parallelism=1 \
 *     -cp adapter-helidon/target/agentport-server.jar benchmarks/InProcessLoop.java FACE [REQUESTS] [ROUNDS] >/dev/null
 * </pre>
 * FACE is {@code invoke}, {@code daedalus}, {@code a2a-1.0}, {@code a2a-0.3}, {@code mcp} (stateless) or
 * {@code mcp-session} (one session, every call continuing its conversation), the requests of benchmarks/*.lua;
 * REQUESTS per round (100000), ROUNDS (5). The figures go to stderr; stdout carries the access log (send it to
 * {@code /dev/null}, as the server's goes to a log shipper). The loop runs on one virtual thread named as Helidon names
 * its request threads, so logging takes the path it takes in the server.
 */
public final class InProcessLoop {

    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final OperatingSystemMXBean PROCESS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    public static void main(String[] args) throws Exception {
        String face = args[0];
        int requests = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        Settings settings = Settings.fromEnvironment();
        Observability.writeLogsInBackground(settings.variables());
        AgentPort core = AgentPort.builder().settings(settings).build().startAndAwait();
        String mcpSession = face.equals("mcp-session") ? openMcpSession(core) : null;
        for (int round = 1; round <= rounds; round++) {
            int from = round * requests;
            Map<String, Long> threadsBefore = threadCpu();
            long cpuBefore = PROCESS.getProcessCpuTime();
            long allocatedBefore = THREADS.getTotalThreadAllocatedBytes();
            Thread loop = Thread.ofVirtual().name("[0x1 0x2] WebServer socket").start(() -> {
                for (int i = 0; i < requests; i++) {
                    HttpResponse answer = core.handle(request(face, from + i, mcpSession));
                    if (answer.status() != 200) {
                        throw new IllegalStateException(face + " answered " + answer.status());
                    }
                    if (answer.body() instanceof Body.EventStream stream) {
                        try {
                            stream.writer().writeTo(frame -> { });
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    }
                }
            });
            loop.join();
            long allocated = THREADS.getTotalThreadAllocatedBytes() - allocatedBefore;
            long cpu = PROCESS.getProcessCpuTime() - cpuBefore;
            StringBuilder line = new StringBuilder(String.format("%s round %d: process CPU %.2f µs/request, "
                    + "allocated %d bytes/request; by thread (µs/request):", face, round, cpu / 1e3 / requests,
                    allocated / requests));
            threadCpu().forEach((name, nanos) -> {
                long used = nanos - threadsBefore.getOrDefault(name, 0L);
                if (used * 100 > cpu) { // threads that used at least 1 % of it
                    line.append(String.format(" %s %.2f", name, used / 1e3 / requests));
                }
            });
            System.err.println(line);
        }
        System.gc();
        System.err.printf("heap used after a full collection: %.1f MB%n",
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / 1e6);
        System.exit(0);
    }

    /** CPU nanoseconds of every thread of this process by name, digits folded ("GC Thread#N"). */
    private static Map<String, Long> threadCpu() throws Exception {
        Map<String, Long> byName = new TreeMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
            for (Path task : tasks) {
                try {
                    String name = Files.readString(task.resolve("comm")).strip().replaceAll("[0-9]+", "N");
                    long nanos = Long.parseLong(Files.readString(task.resolve("schedstat")).split(" ")[0]);
                    byName.merge(name, nanos, Long::sum);
                } catch (java.io.IOException ended) {
                    // the thread ended while being read
                }
            }
        }
        return byName;
    }

    private static String openMcpSession(AgentPort core) {
        HttpResponse initialized = core.handle(post("/mcp", "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\","
                + "\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"InProcessLoop\",\"version\":\"1\"}}}", null));
        String session = initialized.header("Mcp-Session-Id");
        if (session == null) {
            throw new IllegalStateException("no MCP session; start with AGENT_MCP_SESSIONS=store");
        }
        core.handle(post("/mcp", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", session));
        return session;
    }

    private static HttpRequest request(String face, int n, String mcpSession) {
        return switch (face) {
            case "invoke" -> post("/invoke", "{\"input\":\"hello\"}", null);
            case "daedalus" -> post("/", "{\"message\":{\"role\":\"user\",\"parts\":[{\"text\":\"hello\"}]}}", null);
            case "a2a-1.0" -> post("/a2a", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendMessage\",\"params\":"
                    + "{\"message\":{\"messageId\":\"m1\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"hello\"}]}}}",
                    null);
            case "a2a-0.3" -> post("/a2a", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"message/send\",\"params\":"
                    + "{\"message\":{\"kind\":\"message\",\"messageId\":\"m1\",\"role\":\"user\","
                    + "\"parts\":[{\"kind\":\"text\",\"text\":\"hello\"}]}}}", null);
            case "mcp", "mcp-session" -> post("/mcp", "{\"jsonrpc\":\"2.0\",\"id\":" + n + ",\"method\":\"tools/call\","
                    + "\"params\":{\"name\":\"send_message\",\"arguments\":{\"message\":\"hello\"}}}", mcpSession);
            default -> throw new IllegalArgumentException("unknown face " + face);
        };
    }

    private static HttpRequest post(String path, String body, String mcpSession) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        HttpRequest.Builder request = HttpRequest.builder("POST", path)
                .header("Host", "127.0.0.1:8080")
                .header("Content-Type", "application/json")
                .header("Content-Length", String.valueOf(bytes.length))
                .remoteAddress("127.0.0.1")
                .body(bytes);
        if (path.equals("/a2a") && body.contains("SendMessage")) {
            request.header("A2A-Version", "1.0");
        }
        if (path.equals("/mcp")) {
            request.header("Accept", "application/json, text/event-stream");
            if (mcpSession != null) {
                request.header("Mcp-Session-Id", mcpSession).header("MCP-Protocol-Version", "2025-11-25");
            }
        }
        return request.build();
    }
}
