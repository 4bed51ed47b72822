package dev.agentport.helidon;

import dev.agentport.AgentPort;
import dev.agentport.agent.Agent;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.priming.PrimingRequests;
import dev.agentport.priming.PrimingRun;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.store.StateStores;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;

/**
 * With {@code -Dagentport.trainingRun=true} the server starts, serves a health check and the main calls of every
 * enabled face ({@link PrimingRequests}) to a client on loopback, over HTTP as a caller would, and stops: the build
 * runs it so with {@code -XX:AOTCacheOutput} (JDK 25 and later) or {@code -XX:ArchiveClassesAtExit} to record the
 * AOT cache or class data sharing archive that makes later starts faster. Going through the socket puts Helidon's
 * own request path (parsing, routing, writing, chunked streams) in the archive too, not only the core's.
 *
 * <p>The run never reaches the user's agent or store unless the agent {@linkplain Agent#allowsPriming() allows
 * priming}: otherwise the same requests go to the built-in default agent with fresh in-memory state stores.
 */
final class TrainingRun {

    static final String PROPERTY = "agentport.trainingRun";
    private static final int TIMEOUT_MILLIS = 30_000;

    private TrainingRun() {
    }

    /** {@code classLoader} is where the served agent is looked for, as the server itself would. */
    static List<Integer> run(ClassLoader classLoader, RuntimeConfig config) throws InterruptedException {
        Agent served = ServiceLoader.load(Agent.class, classLoader).findFirst().orElse(null);
        AgentPortServer.Builder builder = AgentPortServer.builder().config(config);
        if (served != null && served.allowsPriming()) {
            builder.agent(served);
        } else {
            builder.agent(new DefaultAgent(Duration.ZERO)).stateStores(StateStores.inMemory(config.stateTtl()));
        }
        AgentPortServer server = builder.build().start();
        try {
            AgentPort core = server.core();
            core.lifecycle().awaitSettled(30, TimeUnit.SECONDS);
            int port = server.port();
            return PrimingRun.run(PrimingRequests.forFaces(core.faces(), config), request -> overHttp(port, request));
        } finally {
            server.stop();
        }
    }

    /**
     * One HTTP/1.1 exchange with the server on loopback, {@code Connection: close}: the answer is read to its end (a
     * stream's too, so its run happens meanwhile); its status and headers are returned.
     */
    static HttpResponse overHttp(int port, HttpRequest request) {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(TIMEOUT_MILLIS);
            StringBuilder head = new StringBuilder(request.method()).append(' ').append(request.path());
            if (!request.rawQuery().isEmpty()) {
                head.append('?').append(request.rawQuery());
            }
            head.append(" HTTP/1.1\r\n");
            if (request.headers().first("Host").isEmpty()) {
                head.append("Host: localhost\r\n");
            }
            request.headers().forEach((name, values) -> values.forEach(value ->
                    head.append(name).append(": ").append(value).append("\r\n")));
            head.append("Connection: close\r\nContent-Length: ").append(request.body().length).append("\r\n\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.write(request.body());
            out.flush();
            return parse(socket.getInputStream().readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("the training request " + request.method() + " " + request.path()
                    + " failed", e);
        }
    }

    /** The status line and headers of a whole HTTP/1.1 answer; the body is not kept. */
    private static HttpResponse parse(byte[] answer) throws IOException {
        String text = new String(answer, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        if (!text.startsWith("HTTP/1.") || end < 0) {
            throw new IOException("not an HTTP answer: " + text.substring(0, Math.min(80, text.length())));
        }
        String[] lines = text.substring(0, end).split("\r\n");
        HttpResponse.Builder response = HttpResponse.builder(Integer.parseInt(lines[0].split(" ")[1]));
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                response.header(lines[i].substring(0, colon).strip(), lines[i].substring(colon + 1).strip());
            }
        }
        return response.build();
    }
}
