package dev.agentport.deploy;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.agentport.deploy.Dockerfile.Instruction;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The two ways to build the server's container image, checked without building it (there is no Docker engine or
 * registry here): the root Dockerfile and the Jib configuration of adapter-helidon.
 */
class ContainerImageTest {

    private static final String MAIN_CLASS = "dev.agentport.helidon.Main";

    private final Dockerfile dockerfile = Dockerfile.parse(Repo.read("Dockerfile"));
    private final Dockerfile runStage = dockerfile.finalStage();

    @Test
    void dockerfileBuildsWithTheMavenWrapperOnAJdk25AndRunsOnA25Jre() {
        List<Instruction> froms = dockerfile.all("FROM");
        assertEquals(2, froms.size(), "a build stage and a run stage");
        assertTrue(froms.getFirst().arguments().matches("eclipse-temurin:25-jdk\\S* AS build"), froms.getFirst().arguments());
        assertTrue(froms.getLast().arguments().matches("eclipse-temurin:25-jre\\S*"), froms.getLast().arguments());
        assertTrue(dockerfile.all("RUN").stream().anyMatch(run -> run.arguments().contains("./mvnw")
                && run.arguments().contains("-pl adapter-helidon -am")), "the build stage runs the Maven wrapper");
    }

    @Test
    void dockerfileCopiesTheServerJarFromTheBuildStage() {
        assertTrue(runStage.all("COPY").stream().anyMatch(copy -> copy.arguments().startsWith("--from=build")
                && copy.arguments().contains(DeployFiles.SERVER_JAR)), "the run stage copies " + DeployFiles.SERVER_JAR);
    }

    @Test
    void dockerfileRunsAsANonRootUser() {
        List<Instruction> users = runStage.all("USER");
        assertFalse(users.isEmpty(), "the run stage must switch to an unprivileged user");
        String user = users.getLast().arguments().split(":")[0];
        assertFalse(user.equals("root") || user.equals("0"), "runs as " + user);
    }

    @Test
    void dockerfileExposes8080AndReadsPort() {
        assertTrue(runStage.all("EXPOSE").stream().anyMatch(e -> e.arguments().equals("8080")));
        assertTrue(runStage.all("ENV").stream().anyMatch(e -> e.arguments().equals("PORT=8080")));
    }

    @Test
    void dockerfileEntrypointIsExecFormSoSigtermReachesTheJvm() {
        List<Instruction> entrypoints = runStage.all("ENTRYPOINT");
        assertEquals(1, entrypoints.size());
        assertTrue(runStage.all("CMD").isEmpty(), "no CMD: arguments would be appended to the java command");
        List<?> command = execForm(entrypoints.getFirst().arguments());
        assertEquals("java", command.getFirst(), "java itself must be PID 1, not a shell");
        int jar = command.indexOf("-jar");
        assertTrue(jar > 0, "runs the jar with -jar");
        assertTrue(((String) command.get(jar + 1)).endsWith("/agentport-server.jar"));
    }

    @Test
    void dockerfileMapsTheAotCacheItsTrainingRunWroteOnTheSameJre() {
        String cache = "/app/agentport-server.aot";
        List<?> command = execForm(runStage.all("ENTRYPOINT").getFirst().arguments());
        assertTrue(command.contains("-XX:AOTCache=" + cache), "ENTRYPOINT " + command);
        assertTrue(command.indexOf("-XX:AOTCache=" + cache) < command.indexOf("-jar"), "JVM flags go before -jar");
        List<Instruction> runs = runStage.all("RUN");
        assertTrue(runs.stream().anyMatch(run -> run.arguments().contains("-XX:AOTCacheOutput=" + cache)
                && run.arguments().contains("-Dagentport.trainingRun=true")
                && run.arguments().contains("-jar /app/agentport-server.jar")
                && run.arguments().contains("test -s " + cache)),
                "the run stage's training run writes the cache the ENTRYPOINT maps: " + runs);
    }

    @Test
    void dockerfileCapsTheHeapAsAShareOfTheContainersMemory() {
        List<?> command = execForm(runStage.all("ENTRYPOINT").getFirst().arguments());
        assertTrue(command.contains("-XX:MaxRAMPercentage=50"), "ENTRYPOINT " + command);
        assertTrue(command.indexOf("-XX:MaxRAMPercentage=50") < command.indexOf("-jar"), "JVM flags go before -jar");
    }

    @Test
    void dockerfileAndJibRunTheCollectorRunLocalRuns() {
        List<?> command = execForm(runStage.all("ENTRYPOINT").getFirst().arguments());
        assertTrue(Repo.read("adapter-helidon/run-local").contains("-XX:+UseG1GC"), "run-local's collector");
        assertTrue(command.contains("-XX:+UseG1GC"), "ENTRYPOINT " + command);
        assertTrue(command.indexOf("-XX:+UseG1GC") < command.indexOf("-jar"), "JVM flags go before -jar");
        assertTrue(JibConfig.read().values("configuration/container/jvmFlags").contains("-XX:+UseG1GC"));
    }

    /**
     * The JVM writes its own warnings (an AOT cache another JVM wrote, a JDK's notice) to stdout by default, where the
     * log shipper expects one JSON object per line: the image and Jib send them to stderr, as run-local does.
     */
    @Test
    void dockerfileAndJibSendTheJvmsOwnWarningsToStderrAsRunLocalDoes() {
        List<String> flags = List.of("-Xlog:disable", "-Xlog:all=warning:stderr");
        assertTrue(Repo.read("adapter-helidon/run-local").contains(String.join(" ", flags)), "run-local's logging");
        List<?> command = execForm(runStage.all("ENTRYPOINT").getFirst().arguments());
        assertTrue(command.containsAll(flags), "ENTRYPOINT " + command);
        assertTrue(command.indexOf("-Xlog:disable") < command.indexOf("-Xlog:all=warning:stderr")
                && command.indexOf("-Xlog:all=warning:stderr") < command.indexOf("-jar"), "in this order, before -jar");
        List<String> jib = JibConfig.read().values("configuration/container/jvmFlags");
        assertTrue(jib.containsAll(flags) && jib.indexOf("-Xlog:disable") < jib.indexOf("-Xlog:all=warning:stderr"),
                "Jib's jvmFlags " + jib);
    }

    /** The JSON array of an exec-form instruction; shell form runs under /bin/sh, which does not pass SIGTERM on. */
    private static List<?> execForm(String arguments) {
        try {
            return Json.MAPPER.readValue(arguments, List.class);
        } catch (JsonProcessingException e) {
            throw new AssertionError("ENTRYPOINT must be in exec form, a JSON array; got " + arguments);
        }
    }

    @Test
    void dockerignoreKeepsBuildOutputAndLocalStateOutOfTheContext() {
        List<String> ignored = Repo.read(".dockerignore").lines().map(String::strip).toList();
        assertTrue(ignored.contains("**/target"), "stale target/ folders must not reach the image build");
        assertTrue(ignored.contains("**/node_modules"));
        assertTrue(ignored.contains(".git"));
    }

    @Test
    void jibIsBoundToNoPhaseSoTheNormalBuildNeverNeedsARegistry() {
        JibConfig jib = JibConfig.read();
        assertEquals("com.google.cloud.tools", jib.value("groupId").orElseThrow());
        assertEquals("3.4.6", jib.value("version").orElseThrow());
        assertFalse(jib.has("executions"), "jib:build must only run when asked for on the command line");
    }

    @Test
    void jibBuildsOnA21JreWithTheAgreedMainClassOnPort8080() {
        JibConfig jib = JibConfig.read();
        assertEquals("eclipse-temurin:21-jre", jib.value("configuration/from/image").orElseThrow());
        assertEquals(MAIN_CLASS, jib.value("configuration/container/mainClass").orElseThrow());
        assertEquals(List.of("8080"), jib.values("configuration/container/ports"));
        String user = jib.value("configuration/container/user").orElse("root");
        assertFalse(user.equals("root") || user.startsWith("0"), "Jib image runs as " + user);
    }

    @Test
    void jibBuildsOneImageForArm64AndAmd64() {
        // AgentCore Runtime runs linux/arm64 only; Cloud Run runs linux/amd64. The base image lists both.
        assertEquals(List.of("linux/arm64", "linux/amd64"), JibConfig.read().platforms());
    }

    @Test
    void jibCapsTheHeapAsAShareOfTheContainersMemory() {
        List<String> flags = JibConfig.read().values("configuration/container/jvmFlags");
        assertTrue(flags.contains("-XX:MaxRAMPercentage=50"), "jvmFlags " + flags);
    }

    @Test
    void jibTakesTheTargetImageFromTheCommandLine() {
        JibConfig jib = JibConfig.read();
        // Jib's own -Dimage property sets the target; a fixed one would push to someone else's registry.
        assertTrue(jib.value("configuration/to/image").map(image -> image.equals("${image}")).orElse(true),
                "the target image must come from -Dimage");
    }

    @Test
    void jibAndDockerfileStartTheSameMainClassAsTheServerJar() {
        Artifact server = Artifact.open(DeployFiles.SERVER_JAR);
        assertEquals(MAIN_CLASS, server.mainClass().orElse(null), "Main-Class of " + DeployFiles.SERVER_JAR);
        assertTrue(server.hasMainMethod(MAIN_CLASS), MAIN_CLASS + " needs public static void main(String[])");
    }
}
