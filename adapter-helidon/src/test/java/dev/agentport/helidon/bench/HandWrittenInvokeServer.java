package dev.agentport.helidon.bench;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.helidon.http.Header;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.http.Status;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.util.UUID;

/**
 * The second ceiling of the {@code /invoke} benchmark, beside {@link BareHelidonServer}: what a user would write by
 * hand instead of AgentPort to serve AgentBreeder's {@code POST /invoke} with an echo agent, on the same Helidon SE
 * WebServer, with Jackson. It does the contract's work and nothing more: reads and parses the body, answers 400 to a
 * body that is not a JSON object or has no {@code input}, takes the session id from the body or the
 * {@code X-Session-Id} header or makes a random one, and writes the JSON answer with {@code Content-Type},
 * {@code X-Session-Id} and {@code X-Runtime-Contract-Version}. It keeps no session (every answer is a first turn), has
 * no auth, no body limit, no access log, no tracing, no run timeout and no shutdown drain: where AgentPort's
 * {@code /invoke} costs more than this, it is what AgentPort adds.
 *
 * <pre>{@code
 * java -cp adapter-helidon/target/test-classes:adapter-helidon/target/agentport-server.jar \
 *      dev.agentport.helidon.bench.HandWrittenInvokeServer 8091
 * }</pre>
 */
public final class HandWrittenInvokeServer {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static final Header CONTENT_TYPE = HeaderValues.createCached("Content-Type", "application/json");
    private static final Header CONTRACT_VERSION = HeaderValues.createCached("X-Runtime-Contract-Version", "1");
    private static final String SESSION_HEADER = "X-Session-Id";
    private static final byte[] HEALTHY = "{\"status\":\"healthy\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8);

    private final WebServer server;

    private HandWrittenInvokeServer(WebServer server) {
        this.server = server;
    }

    /** Starts on {@code 127.0.0.1:port}; port 0 picks a free one. */
    public static HandWrittenInvokeServer start(int port) {
        WebServer server = WebServer.builder()
                .host("127.0.0.1")
                .port(port)
                .routing(routing -> routing
                        .post("/invoke", HandWrittenInvokeServer::invoke)
                        .get("/health", (request, response) -> {
                            response.header(CONTENT_TYPE);
                            response.send(HEALTHY);
                        }))
                .build()
                .start();
        return new HandWrittenInvokeServer(server);
    }

    private static void invoke(ServerRequest request, ServerResponse response) throws IOException {
        JsonNode body;
        try (InputStream in = request.content().inputStream()) {
            body = MAPPER.readTree(in);
        } catch (JacksonException e) {
            error(response, "INVALID_JSON", "the body is not valid JSON");
            return;
        }
        if (body == null || !body.isObject()) {
            error(response, "INVALID_JSON", "the body must be a JSON object");
            return;
        }
        JsonNode input = body.get("input");
        if (input == null || input.isNull()) {
            error(response, "INVALID_INPUT", "`input` is required");
            return;
        }
        String sessionId = body.path("session_id").asText("");
        if (sessionId.isEmpty()) {
            sessionId = request.headers().first(HeaderNames.create(SESSION_HEADER)).orElse("");
        }
        if (sessionId.isEmpty()) {
            sessionId = UUID.randomUUID().toString();
        }
        String said = input.isTextual() ? input.asText() : input.toString();

        ObjectNode answer = MAPPER.createObjectNode();
        answer.put("output", "You said \"" + said + "\". This is turn 1 of this session.");
        answer.put("session_id", sessionId);
        answer.putObject("metadata").put("interrupted", false);

        response.status(Status.OK_200);
        response.header(CONTENT_TYPE);
        response.header(HeaderValues.create(SESSION_HEADER, sessionId));
        response.header(CONTRACT_VERSION);
        response.send(MAPPER.writeValueAsBytes(answer));
    }

    private static void error(ServerResponse response, String code, String message) throws IOException {
        ObjectNode envelope = MAPPER.createObjectNode();
        ObjectNode error = envelope.putObject("error");
        error.put("code", code);
        error.put("message", message);
        error.putNull("details");
        response.status(Status.BAD_REQUEST_400);
        response.header(CONTENT_TYPE);
        response.header(CONTRACT_VERSION);
        response.send(MAPPER.writeValueAsBytes(envelope));
    }

    public int port() {
        return server.port();
    }

    public void stop() {
        server.stop();
    }

    /** {@code HandWrittenInvokeServer [port]}: the port comes from the argument, else {@code PORT}, else 8091. */
    public static void main(String[] args) {
        String port = args.length > 0 ? args[0] : System.getenv().getOrDefault("PORT", "8091");
        HandWrittenInvokeServer server = start(Integer.parseInt(port.strip()));
        System.out.println("hand-written /invoke handler listening on 127.0.0.1:" + server.port());
    }
}
