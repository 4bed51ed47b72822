package dev.agentport.helidon;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.read.ListAppender;
import dev.agentport.contract.ContractSuite;
import dev.agentport.contract.HttpTarget;
import dev.agentport.contract.LocalAdapterCases;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.runtime.RuntimeConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.slf4j.LoggerFactory;

import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The local adapter on the Helidon server: its cases over loopback, its bind address, and remote callers. */
class LocalAdapterOverHelidonTest {

    private static AgentPortServer server;

    @BeforeAll
    static void start() throws InterruptedException {
        server = AgentPortServer.builder().agent(new DefaultAgent(Duration.ofMillis(25)))
                .config(RuntimeConfig.fromEnvironment(env())).build().start()
                .awaitLoaded(Duration.ofSeconds(30));
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    @TestFactory
    Stream<DynamicTest> localAdapterContract() {
        return ContractSuite.against(new HttpTarget("helidon", "http://127.0.0.1:" + server.port(), true),
                LocalAdapterCases.all());
    }

    @Test
    void local_adapter_listens_on_loopback_only() {
        InetAddress outside = nonLoopbackAddress();
        assertThrows(ConnectException.class, () -> HttpClient.newHttpClient().send(
                runTask(URI.create("http://" + outside.getHostAddress() + ":" + server.port() + "/run-task")),
                HttpResponse.BodyHandlers.ofString()));
    }

    @Test
    void run_task_from_a_non_loopback_address_is_403_over_a_real_socket() throws Exception {
        InetAddress outside = nonLoopbackAddress();
        AgentPortServer everywhere = AgentPortServer.builder().agent(new DefaultAgent(Duration.ofMillis(25)))
                .config(RuntimeConfig.fromEnvironment(env())).host(AgentPortServer.ALL_ADDRESSES).build().start()
                .awaitLoaded(Duration.ofSeconds(30));
        try {
            assertTrue(everywhere.core().lifecycle().awaitSettled(10, TimeUnit.SECONDS));
            HttpClient fromOutside = HttpClient.newBuilder().localAddress(outside).build();
            HttpResponse<String> answer = fromOutside.send(runTask(URI.create("http://" + outside.getHostAddress()
                    + ":" + everywhere.port() + "/run-task")), HttpResponse.BodyHandlers.ofString());
            assertEquals(403, answer.statusCode(), answer.body());
            assertTrue(answer.body().startsWith("{\"success\":false,\"error\":\"the local adapter answers requests "
                    + "from this machine (loopback) only"), answer.body());
        } finally {
            everywhere.stop();
        }
    }

    @Test
    void a_runtime_token_is_never_echoed_or_logged() throws Exception {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ListAppender<ILoggingEvent> lines = new ListAppender<>();
        lines.start();
        root.addAppender(lines);
        HttpResponse<String> answer;
        try {
            answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + server.port() + "/run-task"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(LocalAdapterCases.withRuntimeToken(
                            LocalAdapterCases.task("tok-log", "tok-log", "hi")))).build(),
                    HttpResponse.BodyHandlers.ofString());
        } finally {
            root.detachAppender(lines);
        }
        assertEquals(400, answer.statusCode(), answer.body());
        assertFalse((answer.headers().map() + answer.body()).contains(LocalAdapterCases.RUNTIME_TOKEN));
        assertFalse(lines.list.isEmpty(), "no log line was read");
        for (ILoggingEvent line : lines.list) {
            String everything = line.getFormattedMessage() + line.getKeyValuePairs() + thrown(line.getThrowableProxy());
            assertFalse(everything.contains(LocalAdapterCases.RUNTIME_TOKEN), everything);
        }
        assertTrue(server.core().runs().sessions().history("tok-log").isEmpty());
    }

    private static String thrown(IThrowableProxy proxy) {
        return proxy == null ? "" : proxy.getClassName() + proxy.getMessage() + thrown(proxy.getCause());
    }

    private static HttpRequest runTask(URI uri) {
        return HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(LocalAdapterCases.task("remote", "remote", "hi"))).build();
    }

    /** An address of this machine that is not loopback; the test is skipped on a machine without one. */
    private static InetAddress nonLoopbackAddress() {
        Optional<InetAddress> found = Optional.empty();
        try {
            found = Collections.list(NetworkInterface.getNetworkInterfaces()).stream()
                    .filter(LocalAdapterOverHelidonTest::isUp)
                    .flatMap(nic -> Collections.list(nic.getInetAddresses()).stream())
                    .filter(address -> address instanceof Inet4Address && !address.isLoopbackAddress()
                            && !address.isLinkLocalAddress())
                    .findFirst();
        } catch (SocketException e) {
            // no interfaces to list: reported below
        }
        assumeTrue(found.isPresent(), "this machine has no non-loopback IPv4 address");
        return found.get();
    }

    private static boolean isUp(NetworkInterface nic) {
        try {
            return nic.isUp() && !nic.isLoopback();
        } catch (SocketException e) {
            return false;
        }
    }

    private static Map<String, String> env() {
        Map<String, String> env = new HashMap<>(LocalAdapterCases.ENV);
        env.put("PORT", "0");
        return env;
    }
}
