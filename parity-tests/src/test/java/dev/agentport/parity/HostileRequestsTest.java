package dev.agentport.parity;

import dev.agentport.contract.ContractCases;
import dev.agentport.parity.fuzz.FuzzOracle;
import dev.agentport.parity.fuzz.FuzzRun;
import dev.agentport.parity.fuzz.HostileRequests;
import dev.agentport.parity.fuzz.PlatformFront;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fuzz suite: every target, started through its {@code run-local} script with auth on and every face enabled
 * (the local {@code /run-task} adapter on the Helidon server, the only target that serves it), gets
 * {@code fuzz.requests} hostile requests (default 300) from the seeded generator, sent as raw bytes. Each answer must
 * keep {@link FuzzOracle}'s rules; afterwards {@code /health} is 200, the process is alive and the token is in no
 * line the target wrote. {@code -Dfuzz.seed=N} picks the seed (default fixed; {@code random} draws one and prints
 * it), {@code -Dfuzz.only=I} sends request {@code I} alone.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HostileRequestsTest {

    private static final String FACES = "agentbreeder,daedalus,a2a-jsonrpc,a2a-rest,mcp,agentcore";
    private static final String TOKEN_PART = "secret-token";
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final Map<TargetDefinition, LocalRunner> runners = new LinkedHashMap<>();
    private final long seed = FuzzRun.seed(System.getProperty("fuzz.seed", ""));
    private final int requests = Integer.getInteger("fuzz.requests", 300);
    private final String only = System.getProperty("fuzz.only", "");

    @BeforeAll
    void startTargets() {
        Path root = Path.of(System.getProperty("agentport.root", "..")).toAbsolutePath().normalize();
        List<TargetDefinition> definitions = TargetDefinition.selected();
        List<CompletableFuture<LocalRunner>> starting = new ArrayList<>();
        for (TargetDefinition definition : definitions) {
            starting.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return LocalRunner.start(root, definition.name(), definition.script(), env(definition));
                } catch (Exception e) {
                    throw new IllegalStateException("could not start " + definition.name() + ": " + e.getMessage(),
                            e);
                }
            }));
        }
        for (int i = 0; i < definitions.size(); i++) {
            runners.put(definitions.get(i), starting.get(i).join());
        }
        System.out.println("fuzz: seed " + seed + ", " + requests + " requests per target");
    }

    @AfterAll
    void stopTargets() throws Exception {
        for (LocalRunner runner : runners.values()) {
            runner.close();
        }
    }

    @TestFactory
    Stream<DynamicContainer> every_target_survives_hostile_requests() {
        return runners.entrySet().stream().map(entry -> {
            TargetDefinition target = entry.getKey();
            LocalRunner runner = entry.getValue();
            return DynamicContainer.dynamicContainer(target.name(), Stream.of(
                    DynamicTest.dynamicTest("every_hostile_request_is_answered_below_500_in_its_contract_shape",
                            () -> fuzz(target, runner)),
                    DynamicTest.dynamicTest("health_is_200_and_the_process_alive_afterwards",
                            () -> healthy(runner)),
                    DynamicTest.dynamicTest("the_token_is_in_no_line_the_target_wrote",
                            () -> tokenNotLogged(runner))));
        });
    }

    private void fuzz(TargetDefinition target, LocalRunner runner) throws Exception {
        boolean local = isHelidon(target);
        URI base = URI.create(runner.baseUrl());
        HostileRequests generator = new HostileRequests(seed, base.getHost() + ":" + base.getPort(),
                ContractCases.TOKEN, local);
        FuzzOracle oracle = new FuzzOracle(ContractCases.TOKEN, TOKEN_PART, front(target));
        FuzzRun run = new FuzzRun(generator, oracle, base.getHost(), base.getPort(), WAIT);
        FuzzRun.Report report = only.isBlank() ? run.run(requests, 4) : run.one(Integer.parseInt(only));
        System.out.println("fuzz " + target.name() + ": " + report.summary());
        assertTrue(report.findings().isEmpty(), target.name() + ": " + report.summary() + "\n"
                + String.join("\n\n", report.findings()) + "\n\nlog tail:\n" + runner.logTail());
    }

    private static void healthy(LocalRunner runner) throws Exception {
        assertTrue(runner.isAlive(), "the process ended:\n" + runner.logTail());
        HttpResponse<String> health = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(runner.baseUrl() + "/health")).timeout(WAIT).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, health.statusCode(), health.body());
    }

    private static void tokenNotLogged(LocalRunner runner) throws Exception {
        String log = runner.log();
        assertFalse(log.contains(ContractCases.TOKEN), "the token is in the log");
        assertFalse(log.contains(TOKEN_PART), "a part of the token is in the log");
    }

    private static Map<String, String> env(TargetDefinition target) {
        Map<String, String> env = new HashMap<>(target.env());
        env.put("DEFAULT_AGENT_WORD_DELAY_MS", "0");
        env.put("AGENT_MCP_SESSIONS", "store");
        env.put("AGENT_FACES", isHelidon(target) ? FACES + ",local" : FACES);
        if (isHelidon(target)) {
            env.put("AGENT_LOCAL_ADAPTER", "true");
        }
        return env;
    }

    private static PlatformFront front(TargetDefinition target) {
        return switch (target.name()) {
            case "gcf" -> PlatformFront.GCF_JETTY;
            case "lambda-buffered", "lambda-streaming" -> PlatformFront.LAMBDA;
            default -> PlatformFront.NONE;
        };
    }

    private static boolean isHelidon(TargetDefinition target) {
        return target == TargetDefinition.ALL.get(0);
    }
}
