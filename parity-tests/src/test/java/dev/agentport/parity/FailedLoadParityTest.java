package dev.agentport.parity;

import dev.agentport.contract.ContractSuite;
import dev.agentport.contract.FailedLoadCases;
import dev.agentport.contract.HttpTarget;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntFunction;
import java.util.stream.Stream;

/**
 * Every target serving a user's agent whose {@code load()} fails, plugged in through ServiceLoader as the README
 * describes (the agent's jar on the server's or the function's class path, or under {@code lib/} in the Lambda zips):
 * each must answer the {@link FailedLoadCases#all()} rules (503 with {@code Retry-After}) like the reference.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FailedLoadParityTest {

    private final List<LocalRunner> runners = new ArrayList<>();
    private final Map<String, HttpTarget> targets = new LinkedHashMap<>();

    @BeforeAll
    void startTargets() throws Exception {
        Path root = Path.of(System.getProperty("agentport.root", "..")).toAbsolutePath().normalize();
        Path folder = Files.createTempDirectory("agentport-failing-agent-");
        Path agent = PluggedAgent.jar(folder);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Map<String, IntFunction<List<String>>> commands = new LinkedHashMap<>();
        commands.put("helidon", port -> List.of(java, "-cp",
                root.resolve("adapter-helidon/target/agentport-server.jar") + File.pathSeparator + agent,
                "dev.agentport.helidon.Main"));
        Path buffered = PluggedAgent.zipWith(root.resolve("adapter-lambda/target/agentport-lambda.zip"), agent,
                folder);
        commands.put("lambda-buffered", port -> lambdaLocal(java, root, port, "buffered", buffered));
        Path streaming = PluggedAgent.zipWith(
                root.resolve("adapter-lambda/target/agentport-lambda-streaming.zip"), agent, folder);
        commands.put("lambda-streaming", port -> lambdaLocal(java, root, port, "streaming", streaming));
        commands.put("gcf", port -> List.of(java, "-jar",
                root.resolve("adapter-gcf/target/invoker/java-function-invoker-2.0.0.jar").toString(),
                "--classpath", root.resolve("adapter-gcf/target/agentport-gcf.jar") + File.pathSeparator + agent,
                "--target", "dev.agentport.gcf.AgentPortFunction", "--port", String.valueOf(port)));

        List<String> names = TargetDefinition.selected().stream().map(TargetDefinition::name).toList();
        List<CompletableFuture<LocalRunner>> starting = new ArrayList<>();
        for (String name : names) {
            starting.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return LocalRunner.launch(root, name, commands.get(name), Map.of(), "failed");
                } catch (Exception e) {
                    throw new IllegalStateException("could not start " + name + ": " + e.getMessage(), e);
                }
            }));
        }
        for (int i = 0; i < names.size(); i++) {
            LocalRunner runner = starting.get(i).join();
            runners.add(runner);
            targets.put(names.get(i), new HttpTarget(names.get(i), runner.baseUrl(), true));
        }
    }

    private static List<String> lambdaLocal(String java, Path root, int port, String mode, Path zip) {
        return List.of(java, "-jar", root.resolve("lambda-local/target/lambda-local.jar").toString(),
                "--port", String.valueOf(port), "--mode", mode, "--zip", zip.toString(),
                "--ric-dir", root.resolve("lambda-local/target/ric").toString());
    }

    @AfterAll
    void stopTargets() throws Exception {
        for (LocalRunner runner : runners) {
            runner.close();
        }
    }

    @TestFactory
    Stream<DynamicContainer> every_target_keeps_the_failed_load_rules() {
        return targets.values().stream().map(target -> DynamicContainer.dynamicContainer(target.name(),
                ContractSuite.against(target, FailedLoadCases.all())));
    }

    @TestFactory
    Stream<DynamicTest> every_target_answers_a_failed_load_like_the_reference() {
        return FailedLoadCases.all().stream().map(contractCase -> DynamicTest.dynamicTest(contractCase.name(),
                () -> SameAnswers.assertSameAnswers(contractCase, targets.values())));
    }
}
