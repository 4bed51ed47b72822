package dev.agentport.lambdalocal;

import dev.agentport.helidon.transport.ConnectionRulesContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The front's connection rules ({@link ConnectionRulesContract}: HTTP/1.0, Connection: close, bounds on slow and
 * silent clients), with a function that answers every request; the 408 in the front's own JSON.
 */
class FrontServerConnectionsTest extends ConnectionRulesContract {

    private Invocations invocations;
    private FrontServer front;
    private volatile boolean functionRunning = true;

    @BeforeEach
    void start() {
        invocations = new Invocations(Duration.ofSeconds(30), Duration.ofSeconds(30), Clock.systemUTC());
        front = new FrontServer(0, Mode.BUFFERED, invocations,
                new FrontServer.Stamps(Clock.systemUTC(), "123456789012", "us-east-1"), Duration.ofMillis(200),
                ONE_SECOND).start();
        Thread.ofVirtual().name("function").start(this::answerEveryInvocation);
    }

    /** The function: every invocation gets a 200 with the body "healthy". */
    private void answerEveryInvocation() {
        byte[] payload = "{\"statusCode\":200,\"body\":\"healthy\"}".getBytes(StandardCharsets.UTF_8);
        try {
            while (functionRunning) {
                invocations.take(() -> functionRunning).ifPresent(invocation -> {
                    invocation.start("application/json", false);
                    invocation.chunk(payload);
                    invocation.finish(Optional.empty());
                    invocations.done(invocation);
                });
            }
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
        }
    }

    @AfterEach
    void stop() {
        functionRunning = false;
        front.close();
        invocations.close();
    }

    @Override
    protected int port() {
        return front.port();
    }

    @Override
    protected void assertInErrorShape(String answer) {
        assertTrue(answer.endsWith("\r\n\r\n{\"message\":\"Request Timeout\"}"), answer);
    }
}
