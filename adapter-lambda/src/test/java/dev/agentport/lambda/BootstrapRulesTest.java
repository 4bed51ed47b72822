package dev.agentport.lambda;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The streaming zip's {@code bootstrap}: which archive it starts the JVM with, and which loop: the streaming runtime's,
 * or the runtime interface client's with the buffered handler that the function's handler ({@code _HANDLER}) names. It
 * runs here in a task root laid out as the zip's, whose {@code jre/bin/java} only writes down the arguments it was
 * given.
 */
class BootstrapRulesTest {

    private static final Path BOOTSTRAP = Path.of("src/main/bootstrap/bootstrap");
    private static final Instant STAMPED = Instant.parse("2026-11-26T12:00:00Z");
    private static final String LAUNCHER = "dev.agentport.lambda.launch/dev.agentport.lambda.launch.Launcher";
    private static final String STREAMING_MAIN = "dev.agentport.lambda.streaming.StreamingBootstrap";
    private static final String CLIENT_MAIN = "com.amazonaws.services.lambda.runtime.api.client.AWSLambda";
    private static final String BUFFERED_HANDLER = "dev.agentport.lambda.LambdaHandler::handleRequest";
    private static final String CLIENT_JAR = "aws-lambda-java-runtime-interface-client-2.9.0.jar";

    @TempDir
    Path root;

    @Test
    void aFunctionJarWithTheStampsSizeAndTimeStartsOnTheAotCache() throws Exception {
        taskRoot(STAMPED);
        List<String> args = bootstrap(Map.of());
        assertTrue(args.contains("-XX:AOTCache=" + root.resolve("jre/lib/agentport-lambda.aot")), args.toString());
        assertFalse(args.contains("-m"), args.toString());
        assertFalse(args.stream().anyMatch(arg -> arg.startsWith("-Xshare")), "the JVM refuses both: " + args);
    }

    @Test
    void aFunctionJarWithAnotherTimeStartsThroughTheLauncherAndItsArchive() throws Exception {
        taskRoot(STAMPED.plusSeconds(3600));
        List<String> args = bootstrap(Map.of());
        assertLauncher(args);
        assertTrue(args.contains("-XX:SharedArchiveFile=" + root.resolve("jre/lib/agentport-lambda.jsa")), args.toString());
        assertTrue(args.contains("-Xshare:auto"), args.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS"})
    void anArchiveOptionOfTheCallersInAnyVariableLeavesTheAotCacheAlone(String variable) throws Exception {
        taskRoot(STAMPED);
        List<String> args = bootstrap(Map.of(variable, "-Xshare:auto"));
        assertLauncher(args);
        assertFalse(args.stream().anyMatch(arg -> arg.contains("AOTCache")), args.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS"})
    void anAotCacheOfTheCallersGetsNoArchiveOfTheBootstrapsBesideIt(String variable) throws Exception {
        taskRoot(STAMPED);
        List<String> args = bootstrap(Map.of(variable, "-XX:AOTCache=/opt/mine.aot"));
        assertLauncher(args);
        assertFalse(args.stream().anyMatch(arg -> arg.startsWith("-Xshare") || arg.contains("SharedArchiveFile")
                || arg.contains("AOTCache")), "the JVM refuses -XX:AOTCache beside these: " + args);
    }

    @ParameterizedTest
    @ValueSource(strings = {"JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS"})
    void anArchiveFileOfTheCallersIsNotReplacedByTheBootstraps(String variable) throws Exception {
        taskRoot(STAMPED.plusSeconds(3600));
        List<String> args = bootstrap(Map.of(variable, "-XX:SharedArchiveFile=/opt/mine.jsa"));
        assertLauncher(args);
        assertFalse(args.stream().anyMatch(arg -> arg.contains("SharedArchiveFile")), args.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS"})
    void aCallersXshareAutoGetsNoArchiveOptionOfTheBootstraps(String variable) throws Exception {
        taskRoot(STAMPED);
        for (Instant jarTime : List.of(STAMPED, STAMPED.plusSeconds(3600))) {
            Files.setLastModifiedTime(root.resolve("lib/agentport-lambda-function.jar"), FileTime.from(jarTime));
            List<String> args = bootstrap(Map.of(variable, "-Xshare:auto"));
            assertLauncher(args);
            assertFalse(args.stream().anyMatch(arg -> arg.startsWith("-Xshare") || arg.contains("SharedArchiveFile")
                    || arg.contains("AOTCache")), args.toString());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS"})
    void aVmOptionsFileOfTheCallersCountsAsItsOwnArchiveOptions(String variable) throws Exception {
        taskRoot(STAMPED);
        List<String> args = bootstrap(Map.of(variable, "-Xmx512m -XX:VMOptionsFile=/opt/mine.options"));
        assertLauncher(args);
        assertFalse(args.stream().anyMatch(arg -> arg.startsWith("-Xshare") || arg.contains("SharedArchiveFile")
                || arg.contains("AOTCache")), "the file may name an archive: " + args);
    }

    @ParameterizedTest
    @ValueSource(strings = {"@/opt/mine.args", "-Xmx512m @/opt/mine.args", "-Xmx512m\t@/opt/mine.args"})
    void anArgFileInJdkJavaOptionsCountsAsTheCallersOwnArchiveOptions(String options) throws Exception {
        taskRoot(STAMPED);
        List<String> args = bootstrap(Map.of("JDK_JAVA_OPTIONS", options));
        assertLauncher(args);
        assertFalse(args.stream().anyMatch(arg -> arg.startsWith("-Xshare") || arg.contains("SharedArchiveFile")
                || arg.contains("AOTCache")), "the file may name an archive: " + args);
    }

    @Test
    void anAtSignInsideAnOptionIsNoArgFile() throws Exception {
        taskRoot(STAMPED);
        List<String> args = bootstrap(Map.of("JDK_JAVA_OPTIONS", "-Dmail.from=agent@example.com"));
        assertTrue(args.contains("-XX:AOTCache=" + root.resolve("jre/lib/agentport-lambda.aot")), args.toString());
    }

    @Test
    void aFunctionJarWithAnotherSizeThanTheStampsStartsThroughTheLauncher() throws Exception {
        taskRoot(STAMPED);
        Path jar = root.resolve("lib/agentport-lambda-function.jar");
        Files.writeString(root.resolve("jre/lib/agentport-lambda.aot.stamp"),
                (Files.size(jar) + 1) + " " + STAMPED.getEpochSecond() + "\n");
        List<String> args = bootstrap(Map.of());
        assertLauncher(args);
        assertFalse(args.stream().anyMatch(arg -> arg.contains("AOTCache")), args.toString());
    }

    @Test
    void noStampFileStartsThroughTheLauncher() throws Exception {
        taskRoot(STAMPED);
        Files.delete(root.resolve("jre/lib/agentport-lambda.aot.stamp"));
        List<String> args = bootstrap(Map.of());
        assertLauncher(args);
        assertFalse(args.stream().anyMatch(arg -> arg.contains("AOTCache")), args.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {BUFFERED_HANDLER, "dev.agentport.lambda.LambdaHandler"})
    void theBufferedHandlerAsTheFunctionsHandlerStartsTheRuntimeInterfaceClientOnTheAotCache(String handler)
            throws Exception {
        taskRoot(STAMPED);
        List<String> args = bootstrap(Map.of("_HANDLER", handler));
        assertTrue(args.contains("-XX:AOTCache=" + root.resolve("jre/lib/agentport-lambda.aot")), args.toString());
        assertEquals(List.of("-cp", classPath(), CLIENT_MAIN, handler), args.subList(args.size() - 4, args.size()));
        assertTrue(args.contains("--enable-native-access=ALL-UNNAMED"), "the client loads its native part: " + args);
    }

    @ParameterizedTest
    @ValueSource(strings = {"bootstrap", "", "dev.agentport.lambda.LambdaHandler::handleRequestx"})
    void anyOtherHandlerStartsTheStreamingLoopOnTheSameClassPathAndCache(String handler) throws Exception {
        taskRoot(STAMPED);
        List<String> args = bootstrap(Map.of("_HANDLER", handler));
        assertTrue(args.contains("-XX:AOTCache=" + root.resolve("jre/lib/agentport-lambda.aot")), args.toString());
        assertEquals(List.of("-cp", classPath(), STREAMING_MAIN), args.subList(args.size() - 3, args.size()));
        // the JVM keeps the cache's module graph only with the native access the training run had
        assertTrue(args.contains("--enable-native-access=ALL-UNNAMED"), args.toString());
    }

    @Test
    void theBufferedHandlerWithAnotherJarTimeStartsTheClientFromTheClassPathNeverTheLauncher() throws Exception {
        taskRoot(STAMPED.plusSeconds(3600));
        List<String> args = bootstrap(Map.of("_HANDLER", BUFFERED_HANDLER));
        assertFalse(args.contains(LAUNCHER), "the client and the handler share the class path's loader: " + args);
        assertEquals(List.of("-cp", classPath(), CLIENT_MAIN, BUFFERED_HANDLER),
                args.subList(args.size() - 4, args.size()));
        assertTrue(args.contains("-Xshare:auto"), args.toString());
        assertFalse(args.stream().anyMatch(arg -> arg.contains("AOTCache") || arg.contains("SharedArchiveFile")),
                "the launcher's archive is of another class loader's classes: " + args);
    }

    @Test
    void theBufferedHandlerWithAnArchiveOfTheCallersGetsNoneOfTheBootstraps() throws Exception {
        taskRoot(STAMPED);
        List<String> args = bootstrap(Map.of("_HANDLER", BUFFERED_HANDLER, "JAVA_TOOL_OPTIONS", "-Xshare:auto"));
        assertEquals(CLIENT_MAIN, args.get(args.size() - 2), args.toString());
        assertFalse(args.stream().anyMatch(arg -> arg.startsWith("-Xshare") || arg.contains("AOTCache")
                || arg.contains("SharedArchiveFile")), args.toString());
    }

    /** The function jar first, then the other jars of lib/, as the training run had them. */
    private String classPath() {
        return root.resolve("lib/agentport-lambda-function.jar") + ":" + root.resolve("lib").resolve(CLIENT_JAR);
    }

    private static void assertLauncher(List<String> args) {
        assertTrue(args.contains(LAUNCHER), "the launcher module starts the function: " + args);
    }

    /** The zip's layout: the bootstrap, a function jar with time {@code jarTime}, the JRE's archive and AOT cache. */
    private void taskRoot(Instant jarTime) throws IOException {
        Files.copy(BOOTSTRAP, root.resolve("bootstrap"));
        Path java = Files.createDirectories(root.resolve("jre/bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$(dirname \"$0\")/../../java-args\"\n");
        for (Path script : List.of(root.resolve("bootstrap"), java)) {
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Path jreLib = Files.createDirectories(root.resolve("jre/lib"));
        Files.writeString(jreLib.resolve("agentport-lambda.jsa"), "archive");
        Files.writeString(jreLib.resolve("agentport-lambda.aot"), "cache");
        Path jar = Files.createDirectories(root.resolve("lib")).resolve("agentport-lambda-function.jar");
        Files.writeString(jar, "classes");
        Files.writeString(jar.resolveSibling(CLIENT_JAR), "client");
        Files.writeString(jreLib.resolve("agentport-lambda.aot.stamp"),
                Files.size(jar) + " " + STAMPED.getEpochSecond() + "\n");
        Files.setLastModifiedTime(jar, FileTime.from(jarTime));
    }

    /** The arguments the bootstrap started {@code jre/bin/java} with, under {@code env}. */
    private List<String> bootstrap(Map<String, String> env) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(root.resolve("bootstrap").toString()).redirectErrorStream(true);
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        builder.environment().remove("JDK_JAVA_OPTIONS");
        builder.environment().remove("_JAVA_OPTIONS");
        builder.environment().put("LAMBDA_TASK_ROOT", root.toString());
        builder.environment().putAll(env);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes());
        assertTrue(process.waitFor(10, TimeUnit.SECONDS), "bootstrap did not end");
        assertEquals(0, process.exitValue(), output);
        return Files.readAllLines(root.resolve("java-args"));
    }
}
