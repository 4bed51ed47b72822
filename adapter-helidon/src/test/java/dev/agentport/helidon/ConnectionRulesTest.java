package dev.agentport.helidon;

import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.helidon.transport.ConnectionRulesContract;
import dev.agentport.helidon.transport.RawConnection;
import dev.agentport.runtime.RuntimeConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How the server treats connections: the rules every listener keeps ({@link ConnectionRulesContract}), the 408 in
 * the contract's envelope, an HTTP/1.0 body reaching the agent, a busy port.
 */
class ConnectionRulesTest extends ConnectionRulesContract {

    private static final String INVOKE_BODY = "{\"input\":\"hi\"}";

    private AgentPortServer server;

    @BeforeEach
    void start() throws InterruptedException {
        server = AgentPortServer.builder().agent(new DefaultAgent(Duration.ZERO))
                .config(RuntimeConfig.fromEnvironment(Map.of("PORT", "0"))).transport(ONE_SECOND).build().start()
                .awaitLoaded(Duration.ofSeconds(30));
    }

    @AfterEach
    void stop() {
        server.stop();
    }

    @Override
    protected int port() {
        return server.port();
    }

    @Override
    protected void assertInErrorShape(String answer) {
        assertTrue(answer.contains("X-Runtime-Contract-Version: 1"), answer);
        assertTrue(answer.contains("\"error\":{\"code\":"), answer);
    }

    @Test
    void an_http_1_0_request_with_a_body_is_answered_and_then_the_connection_is_closed() throws Exception {
        try (RawConnection connection = connect()) {
            connection.send("POST /invoke HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: "
                    + INVOKE_BODY.length() + "\r\n\r\n" + INVOKE_BODY);
            String answer = connection.readUntilClosed(Duration.ofSeconds(2));
            assertTrue(answer.startsWith("HTTP/1.1 200 OK\r\n"), answer);
            assertTrue(answer.contains("You said \\\"hi\\\""), answer);
        }
    }

    @Test
    void a_port_in_use_stops_start_up_with_a_message_naming_the_port() throws Exception {
        try (ServerSocket taken = new ServerSocket(0)) {
            AgentPortServer.Builder second = AgentPortServer.builder().agent(new DefaultAgent())
                    .config(RuntimeConfig.fromEnvironment(Map.of("PORT", String.valueOf(taken.getLocalPort()))))
                    .transport(ONE_SECOND);
            AgentPortServer built = second.build();
            ServerStartException failure = assertThrows(ServerStartException.class, built::start);
            assertTrue(failure.getMessage().contains("port " + taken.getLocalPort()), failure.getMessage());
        }
    }
}
