package dev.agentport.gcf;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The function started by the real invoker with a state store it cannot reach. The invoker builds the function before
 * it listens, and a function that cannot be built ends the invoker: the instance fails to start (with one readable log
 * line naming the store, never its password) instead of serving, so no request can hang on it.
 */
@Timeout(180)
class StoreOutOfReachOverInvokerTest {

    private static final String PASSWORD = "s3cret";
    private static final String CANNOT_START = "agentport cannot start: ";

    @Test
    void aStateStoreOutOfReachEndsTheInvokerWithOneLineNamingTheStoreNeverThePassword() throws Exception {
        String store = "redis://127.0.0.1:" + closedPort();
        try (InvokerProcess invoker = InvokerProcess.launch(AgentPortFunction.class.getName(),
                Map.of("AGENT_STATE_STORE", store, "AGENT_STATE_STORE_PASSWORD", PASSWORD))) {
            OptionalInt exit = invoker.awaitExit(Duration.ofSeconds(90));
            String output = invoker.output();
            assertTrue(exit.isPresent(), "the invoker still runs:\n" + output);
            assertNotEquals(0, exit.getAsInt(), output);
            assertEquals(1, output.lines().filter(line -> line.contains(CANNOT_START)).count(), output);
            assertTrue(output.lines().anyMatch(line -> line.contains(CANNOT_START) && line.contains(store)), output);
            assertFalse(output.contains(PASSWORD), output);
            assertThrows(ConnectException.class, () -> HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(invoker.uri("/health")).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.discarding()), "nothing listens for requests");
        }
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
