package dev.agentport.helidon;

import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.ContractCases;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.HttpTarget;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the Helidon adapter itself must do: serve loading state, stream live, cancel on disconnect, drain on stop. */
class HelidonServerTest {

    private static final Map<String, String> ENV = Map.of("PORT", "0");

    private static AgentPortServer start(dev.agentport.agent.Agent agent, Map<String, String> env)
            throws InterruptedException {
        return starting(agent, env).awaitLoaded(Duration.ofSeconds(30));
    }

    /** Started, with the agent possibly still loading. */
    private static AgentPortServer starting(dev.agentport.agent.Agent agent, Map<String, String> env) {
        return AgentPortServer.builder().agent(agent).config(RuntimeConfig.fromEnvironment(env)).build().start();
    }

    private static HttpTarget target(AgentPortServer server) {
        return new HttpTarget("helidon", "http://127.0.0.1:" + server.port(), true);
    }

    /** Else the end of a streamed answer waits for a keep-alive client's delayed acknowledgement (see ConnectionSockets). */
    @Test
    void accepted_connections_have_nagles_algorithm_off() {
        AgentPortServer server = AgentPortServer.builder().agent(TestAgents.echoContext())
                .config(RuntimeConfig.fromEnvironment(ENV)).build();
        assertEquals(true, server.listenerConfig().connectionOptions().socketOptions()
                .get(java.net.StandardSocketOptions.TCP_NODELAY));
    }

    @Test
    void health_says_loading_and_invoke_503_until_the_agent_has_loaded() throws Exception {
        CountDownLatch loaded = new CountDownLatch(1);
        AgentPortServer server = starting(TestAgents.slowToLoad(loaded), ENV);
        try {
            HttpTarget target = target(server);
            assertEquals("loading", target.send(CaseRequest.get("/health").build()).json().get("status").asText());
            Exchange invoke = target.send(CaseRequest.post("/invoke").json("{\"input\":\"x\"}").build());
            ContractCases.assertCommonRules(invoke);
            assertEquals(503, invoke.status());
            assertEquals("5", invoke.header("Retry-After"));
            loaded.countDown();
            assertTrue(server.core().lifecycle().awaitSettled(5, TimeUnit.SECONDS));
            assertEquals(200, target.send(CaseRequest.post("/invoke").json("{\"input\":\"x\"}").build()).status());
        } finally {
            server.stop();
        }
    }

    @Test
    void agent_failure_is_a_500_envelope_without_secrets() throws Exception {
        AgentPortServer server = start(TestAgents.failingWithSecret("hunter2"), ENV);
        try {
            Exchange answer = target(server).send(CaseRequest.post("/invoke").json("{\"input\":\"x\"}").build());
            ContractCases.assertCommonRules(answer);
            assertEquals(500, answer.status());
            assertFalse(answer.text().contains("hunter2"));
        } finally {
            server.stop();
        }
    }

    @Test
    void auth_off_serves_invoke_without_a_token() throws Exception {
        AgentPortServer server = start(TestAgents.echoContext(), ENV);
        try {
            assertEquals(200, target(server).send(CaseRequest.post("/invoke").json("{\"input\":\"x\"}").build())
                    .status());
        } finally {
            server.stop();
        }
    }

    @Test
    void a_client_that_disconnects_cancels_the_stream() throws Exception {
        TestAgents.Endless agent = new TestAgents.Endless();
        AgentPortServer server = start(agent, ENV);
        try {
            HttpClient client = HttpClient.newHttpClient();
            HttpResponse<InputStream> response = client.send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + server.port() + "/stream"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"input\":\"go\"}")).build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            InputStream body = response.body();
            byte[] first = body.readNBytes(20);
            assertTrue(new String(first, StandardCharsets.UTF_8).startsWith("data: {\"delta\""));
            body.close();
            client.close();
            assertTrue(agent.stopped.await(10, TimeUnit.SECONDS), "the run went on after the client left");
            assertEquals("cancelled", agent.stopReason.get());
        } finally {
            server.stop();
        }
    }

    @Test
    void a_request_helidon_refuses_itself_gets_the_envelope_and_the_version_header() throws Exception {
        AgentPortServer server = start(TestAgents.echoContext(), ENV);
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", server.port())) {
            socket.getOutputStream().write("GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 400"), answer);
            assertTrue(answer.contains("X-Runtime-Contract-Version: 1"), answer);
            assertTrue(answer.contains("\"code\":\"MALFORMED_REQUEST\""), answer);
        } finally {
            server.stop();
        }
    }

    @Test
    void a_request_line_with_bytes_that_are_not_ascii_is_400_malformed_request() throws Exception {
        AgentPortServer server = start(TestAgents.echoContext(), ENV);
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(new byte[]{(byte) 0xFF, ' ', '/', ' '});
            socket.getOutputStream().write("HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 400"), answer);
            assertTrue(answer.contains("\"code\":\"MALFORMED_REQUEST\""), answer);
        } finally {
            server.stop();
        }
    }

    @Test
    void a_body_cut_short_by_a_client_that_stopped_sending_is_400_malformed_request() throws Exception {
        AgentPortServer server = start(TestAgents.echoContext(), ENV);
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("POST /invoke HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 100\r\n\r\n{\"input\":\"hi\"}").getBytes(StandardCharsets.US_ASCII));
            socket.shutdownOutput();
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 400"), answer);
            assertTrue(answer.contains("\"code\":\"MALFORMED_REQUEST\""), answer);
        } finally {
            server.stop();
        }
    }

    @Test
    void a_chunked_body_with_an_invalid_chunk_size_is_400_malformed_request_and_the_connection_closes()
            throws Exception {
        AgentPortServer server = start(TestAgents.echoContext(), ENV);
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("POST /invoke HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{\"input\":\"hi\"}\r\n0\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 400"), answer);
            assertTrue(answer.contains("\"code\":\"MALFORMED_REQUEST\""), answer);
        } finally {
            server.stop();
        }
    }

    @Test
    void stop_lets_an_in_flight_request_finish() throws Exception {
        AgentPortServer server = start(new dev.agentport.defaultagent.DefaultAgent(Duration.ofMillis(100)),
                Map.of("PORT", "0", "AGENT_SHUTDOWN_GRACE_SECONDS", "5"));
        HttpTarget target = target(server);
        CompletableFuture<Exchange> inFlight = CompletableFuture.supplyAsync(() -> {
            try {
                return target.send(CaseRequest.post("/stream").json("{\"input\":\"a b c d e f g h\"}").build());
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        Thread.sleep(300);
        server.stop();
        Exchange answer = inFlight.get(10, TimeUnit.SECONDS);
        assertEquals(200, answer.status());
        assertTrue(answer.text().endsWith("data: [DONE]\n\n"), answer.text());
    }
}
