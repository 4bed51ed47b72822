package dev.agentport.parity;

import dev.agentport.contract.HttpTarget;

import java.io.File;
import java.io.IOException;
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
 * jar on the server's or the function's class path, or under {@code lib/} in the Lambda zips; or as packaged, serving
 * what their environment chooses.
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
        Path folder = Files.createTempDirectory("agentport-plugged-agent-");
        return start(PluggedAgent.jar(folder, agent), folder, env, status);
    }

    /** Every selected target as packaged, with no agent of a user's: the one {@code env} chooses, or the default. */
    static PluggedTargets asPackaged(Map<String, String> env) throws Exception {
        return start(null, null, env, "healthy");
    }

    private static PluggedTargets start(Path jar, Path folder, Map<String, String> env, String status)
            throws Exception {
        Path root = Path.of(System.getProperty("agentport.root", "..")).toAbsolutePath().normalize();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String plugged = jar == null ? "" : File.pathSeparator + jar;
        Map<String, IntFunction<List<String>>> commands = new LinkedHashMap<>();
        commands.put("helidon", port -> List.of(java, "-cp",
                root.resolve("adapter-helidon/target/agentport-server.jar") + plugged,
                "dev.agentport.helidon.Main"));
        Path buffered = root.resolve("adapter-lambda/target/agentport-lambda.zip");
        Path streaming = root.resolve("adapter-lambda/target/agentport-lambda-streaming.zip");
        if (jar != null) {
            buffered = PluggedAgent.zipWith(buffered, jar, folder);
            streaming = PluggedAgent.zipWith(streaming, jar, folder);
        }
        Path bufferedZip = buffered;
        Path streamingZip = streaming;
        commands.put("lambda-buffered", port -> lambdaLocal(java, root, port, "buffered", bufferedZip));
        commands.put("lambda-streaming", port -> lambdaLocal(java, root, port, "streaming", streamingZip));
        commands.put("gcf", port -> List.of(java, "-jar",
                root.resolve("adapter-gcf/target/invoker/java-function-invoker-2.0.0.jar").toString(),
                "--classpath", root.resolve("adapter-gcf/target/agentport-gcf.jar") + plugged,
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
        try {
            for (int i = 0; i < names.size(); i++) {
                LocalRunner runner = starting.get(i).join();
                started.runners.add(runner);
                started.targets.put(names.get(i), new HttpTarget(names.get(i), runner.baseUrl(), true));
            }
        } catch (RuntimeException e) {
            // the targets that did start would outlive the test otherwise
            for (CompletableFuture<LocalRunner> other : starting) {
                LocalRunner runner = other.handle((launched, failure) -> launched).join();
                if (runner != null) {
                    runner.close();
                }
            }
            throw e;
        }
        return started;
    }

    private static List<String> lambdaLocal(String java, Path root, int port, String mode, Path zip) {
        return List.of(java, "-jar", root.resolve("lambda-local/target/lambda-local.jar").toString(),
                "--port", String.valueOf(port), "--mode", mode, "--zip", zip.toString(),
                "--ric-dir", root.resolve("lambda-local/target/ric").toString());
    }

    /** What each target wrote on stdout and stderr so far, by name. */
    Map<String, String> logs() throws IOException {
        Map<String, String> logs = new LinkedHashMap<>();
        List<String> names = List.copyOf(targets.keySet());
        for (int i = 0; i < runners.size(); i++) {
            logs.put(names.get(i), runners.get(i).log());
        }
        return logs;
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
