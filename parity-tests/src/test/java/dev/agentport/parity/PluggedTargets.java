package dev.agentport.parity;

import dev.agentport.contract.HttpTarget;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntFunction;

/**
 * Every selected target serving a user's agent plugged in through ServiceLoader as the README describes: the agent's
 * jar on the server's or the function's class path, or under {@code lib/} in the Lambda zips.
 */
final class PluggedTargets implements AutoCloseable {

    private final List<LocalRunner> runners = new ArrayList<>();
    private final Map<String, HttpTarget> targets = new LinkedHashMap<>();

    /**
     * @param agent  the agent class, one class with no inner classes
     * @param env    the targets' environment, over the suite's
     * @param status the health status to wait for: {@code healthy}, or {@code failed} for an agent that cannot load
     */
    static PluggedTargets start(Class<?> agent, Map<String, String> env, String status) throws Exception {
        Path root = Path.of(System.getProperty("agentport.root", "..")).toAbsolutePath().normalize();
        Path folder = Files.createTempDirectory("agentport-plugged-agent-");
        Path jar = PluggedAgent.jar(folder, agent);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Map<String, IntFunction<List<String>>> commands = new LinkedHashMap<>();
        commands.put("helidon", port -> List.of(java, "-cp",
                root.resolve("adapter-helidon/target/agentport-server.jar") + File.pathSeparator + jar,
                "dev.agentport.helidon.Main"));
        Path buffered = PluggedAgent.zipWith(root.resolve("adapter-lambda/target/agentport-lambda.zip"), jar,
                folder);
        commands.put("lambda-buffered", port -> lambdaLocal(java, root, port, "buffered", buffered));
        Path streaming = PluggedAgent.zipWith(
                root.resolve("adapter-lambda/target/agentport-lambda-streaming.zip"), jar, folder);
        commands.put("lambda-streaming", port -> lambdaLocal(java, root, port, "streaming", streaming));
        commands.put("gcf", port -> List.of(java, "-jar",
                root.resolve("adapter-gcf/target/invoker/java-function-invoker-2.0.0.jar").toString(),
                "--classpath", root.resolve("adapter-gcf/target/agentport-gcf.jar") + File.pathSeparator + jar,
                "--target", "dev.agentport.gcf.AgentPortFunction", "--port", String.valueOf(port)));

        PluggedTargets started = new PluggedTargets();
        List<String> names = TargetDefinition.selected().stream().map(TargetDefinition::name).toList();
        List<CompletableFuture<LocalRunner>> starting = new ArrayList<>();
        for (String name : names) {
            starting.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return LocalRunner.launch(root, name, commands.get(name), env, status);
                } catch (Exception e) {
                    throw new IllegalStateException("could not start " + name + ": " + e.getMessage(), e);
                }
            }));
        }
        for (int i = 0; i < names.size(); i++) {
            LocalRunner runner = starting.get(i).join();
            started.runners.add(runner);
            started.targets.put(names.get(i), new HttpTarget(names.get(i), runner.baseUrl(), true));
        }
        return started;
    }

    private static List<String> lambdaLocal(String java, Path root, int port, String mode, Path zip) {
        return List.of(java, "-jar", root.resolve("lambda-local/target/lambda-local.jar").toString(),
                "--port", String.valueOf(port), "--mode", mode, "--zip", zip.toString(),
                "--ric-dir", root.resolve("lambda-local/target/ric").toString());
    }

    /** The targets by name, the reference (Helidon) first. */
    Map<String, HttpTarget> targets() {
        return targets;
    }

    @Override
    public void close() throws Exception {
        for (LocalRunner runner : runners) {
            runner.close();
        }
    }
}
