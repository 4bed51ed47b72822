package dev.agentport.gcf;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code LOG_LEVEL} is as strict on Cloud Functions as on the other targets: the function started by the real invoker
 * with a level that is none of the six ends the invoker before it listens, with the one line the other targets print.
 */
@Timeout(180)
class LogLevelOverInvokerTest {

    private static final String CANNOT_START = "agentport cannot start: ";
    private static final String MESSAGE =
            "LOG_LEVEL must be one of TRACE, DEBUG, INFO, WARN, ERROR, OFF, got 'verbose'";

    @Test
    void anUnknownLogLevelEndsTheInvokerWithOneLineNamingTheVariable() throws Exception {
        try (InvokerProcess invoker = InvokerProcess.launch(AgentPortFunction.class.getName(),
                Map.of("LOG_LEVEL", "verbose"))) {
            OptionalInt exit = invoker.awaitExit(Duration.ofSeconds(90));
            String output = invoker.output();
            assertTrue(exit.isPresent(), "the invoker still runs:\n" + output);
            assertNotEquals(0, exit.getAsInt(), output);
            assertEquals(1, output.lines().filter(line -> line.contains(CANNOT_START)).count(), output);
            assertTrue(output.lines().anyMatch(line -> line.contains(CANNOT_START + MESSAGE)), output);
            assertThrows(ConnectException.class, () -> HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(invoker.uri("/health")).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.discarding()), "nothing listens for requests");
        }
    }
}
