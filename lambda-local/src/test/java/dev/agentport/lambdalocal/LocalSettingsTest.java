package dev.agentport.lambdalocal;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LocalSettingsTest {

    private static final Path RIC = Path.of("ric");

    @Test
    void defaultsAreBufferedOnPort8080WithA30SecondTimeout() {
        LocalSettings settings = LocalSettings.from(Map.of(), new String[0], RIC);
        assertEquals(8080, settings.port());
        assertEquals(Mode.BUFFERED, settings.mode());
        assertEquals(Duration.ofSeconds(30), settings.timeout());
        assertEquals(Path.of("adapter-lambda/target/agentport-lambda.zip"), settings.zip());
        assertEquals("dev.agentport.lambda.LambdaHandler::handleRequest", settings.handler());
    }

    @Test
    void theFunctionsJavaToolOptionsPointFromLambdasTaskRootIntoTheUnpackedZip() {
        Path taskRoot = Path.of("/tmp/lambda-local-task-1");
        Map<String, String> parent = Map.of("JAVA_TOOL_OPTIONS", "-Xmx1g");
        LocalSettings passing = LocalSettings.from(Map.of(), new String[0], RIC);
        assertEquals("-Xmx1g", Launches.environment(passing, taskRoot, "127.0.0.1:1", Path.of("/jdk"), parent)
                .get("JAVA_TOOL_OPTIONS"), "unset: lambda-local's own is passed on");

        LocalSettings deployed = LocalSettings.from(
                Map.of("LAMBDA_JAVA_TOOL_OPTIONS", "-XX:SharedArchiveFile=/var/task/agentport-lambda.jsa"),
                new String[0], RIC);
        assertEquals("-XX:SharedArchiveFile=/tmp/lambda-local-task-1/agentport-lambda.jsa",
                Launches.environment(deployed, taskRoot, "127.0.0.1:1", Path.of("/jdk"), parent)
                        .get("JAVA_TOOL_OPTIONS"));
        assertEquals("-Xshare:off", LocalSettings.from(Map.of(), new String[]{"--java-tool-options", "-Xshare:off"},
                RIC).javaToolOptions());
    }

    @Test
    void streamingModeDefaultsToTheStreamingZip() {
        LocalSettings settings = LocalSettings.from(Map.of("LAMBDA_MODE", "Streaming"), new String[0], RIC);
        assertEquals(Mode.STREAMING, settings.mode());
        assertEquals(Path.of("adapter-lambda/target/agentport-lambda-streaming.zip"), settings.zip());
    }

    @Test
    void argumentsOverrideEnvironmentVariables() {
        LocalSettings settings = LocalSettings.from(Map.of("PORT", "9000", "LAMBDA_TIMEOUT_SECONDS", "5"),
                new String[]{"--port", "9100", "--zip", "f.zip"}, RIC);
        assertEquals(9100, settings.port());
        assertEquals(Duration.ofSeconds(5), settings.timeout());
        assertEquals(Path.of("f.zip"), settings.zip());
    }

    @Test
    void anUnknownModeIsRejectedWithAClearMessage() {
        var error = assertThrows(IllegalArgumentException.class,
                () -> LocalSettings.from(Map.of("LAMBDA_MODE", "turbo"), new String[0], RIC));
        assertTrue(error.getMessage().contains("buffered or streaming"));
    }

    @Test
    void aBadNumberIsRejectedWithAClearMessage() {
        var error = assertThrows(IllegalArgumentException.class,
                () -> LocalSettings.from(Map.of("LAMBDA_TIMEOUT_SECONDS", "0"), new String[0], RIC));
        assertTrue(error.getMessage().startsWith("LAMBDA_TIMEOUT_SECONDS"));
        assertThrows(IllegalArgumentException.class, () -> LocalSettings.from(Map.of(), new String[]{"--port"}, RIC));
        assertThrows(IllegalArgumentException.class, () -> LocalSettings.from(Map.of(), new String[]{"--nope", "1"}, RIC));
    }

    @Test
    void theChildGetsLambdasVariablesAndOnlyTheAgentVariablesOfTheParent() {
        LocalSettings settings = LocalSettings.from(Map.of(), new String[0], RIC);
        Map<String, String> env = Launches.environment(settings, Path.of("/task"), "127.0.0.1:9001", Path.of("/jdk"),
                Map.of("AGENT_AUTH_TOKEN", "t", "DEFAULT_AGENT_WORD_DELAY_MS", "0", "SECRET", "x", "PATH", "/usr/bin"));
        assertEquals("127.0.0.1:9001", env.get("AWS_LAMBDA_RUNTIME_API"));
        assertEquals("agentport", env.get("AWS_LAMBDA_FUNCTION_NAME"));
        assertEquals("1024", env.get("AWS_LAMBDA_FUNCTION_MEMORY_SIZE"));
        assertEquals("$LATEST", env.get("AWS_LAMBDA_FUNCTION_VERSION"));
        assertEquals("us-east-1", env.get("AWS_REGION"));
        assertEquals("/task", env.get("LAMBDA_TASK_ROOT"));
        assertEquals(settings.handler(), env.get("_HANDLER"));
        assertEquals("UTC", env.get("TZ"));
        assertEquals("t", env.get("AGENT_AUTH_TOKEN"));
        assertEquals("0", env.get("DEFAULT_AGENT_WORD_DELAY_MS"));
        assertEquals("/jdk/bin:/usr/bin", env.get("PATH"));
        assertFalse(env.containsKey("SECRET"));
    }

    @Test
    void theChildGetsTheModelAgentsOpenAiVariables() {
        LocalSettings settings = LocalSettings.from(Map.of(), new String[0], RIC);
        Map<String, String> env = Launches.environment(settings, Path.of("/task"), "127.0.0.1:9001", Path.of("/jdk"),
                Map.of("AGENT_MODEL_PROVIDER", "openai", "OPENAI_BASE_URL", "http://127.0.0.1:1/v1",
                        "OPENAI_API_KEY", "sk-local"));
        assertEquals("openai", env.get("AGENT_MODEL_PROVIDER"));
        assertEquals("http://127.0.0.1:1/v1", env.get("OPENAI_BASE_URL"));
        assertEquals("sk-local", env.get("OPENAI_API_KEY"));
    }

    @Test
    void theChildGetsTheParentsAwsCredentialsAsLambdaSetsTheRolesAndNoOtherAwsVariable() {
        LocalSettings settings = LocalSettings.from(Map.of(), new String[0], RIC);
        Map<String, String> env = Launches.environment(settings, Path.of("/task"), "127.0.0.1:9001", Path.of("/jdk"),
                Map.of("AWS_ACCESS_KEY_ID", "AKIDLOCAL", "AWS_SECRET_ACCESS_KEY", "local-secret",
                        "AWS_SESSION_TOKEN", "local-token", "AWS_PROFILE", "dev"));
        assertEquals("AKIDLOCAL", env.get("AWS_ACCESS_KEY_ID"));
        assertEquals("local-secret", env.get("AWS_SECRET_ACCESS_KEY"));
        assertEquals("local-token", env.get("AWS_SESSION_TOKEN"));
        assertFalse(env.containsKey("AWS_PROFILE"));
    }

    @Test
    void bufferedModeRunsTheRuntimeInterfaceClientAndStreamingModeTheBootstrap() {
        LocalSettings buffered = LocalSettings.from(Map.of(), new String[0], RIC);
        FunctionLaunch ric = Launches.forMode(buffered, Path.of("/task"), "127.0.0.1:1", Path.of("/jdk"), Map.of());
        assertEquals("/jdk/bin/java", ric.command().getFirst());
        assertEquals(Launches.RIC_MAIN_CLASS, ric.command().get(ric.command().size() - 2));
        assertEquals(buffered.handler(), ric.command().getLast());
        assertEquals(Path.of("/task"), ric.workingDirectory());

        LocalSettings streaming = LocalSettings.from(Map.of("LAMBDA_MODE", "streaming"), new String[0], RIC);
        FunctionLaunch bootstrap = Launches.forMode(streaming, Path.of("/task"), "127.0.0.1:1", Path.of("/jdk"), Map.of());
        assertEquals(java.util.List.of("/task/bootstrap"), bootstrap.command());
    }

    @Test
    void bufferedModeOnTheCustomRuntimeRunsTheBootstrapWithTheHandlerInHandlerVariable() {
        LocalSettings settings = LocalSettings.from(Map.of(), new String[] {"--runtime", "provided.al2023"}, RIC);
        assertEquals(Mode.BUFFERED, settings.mode());
        FunctionLaunch bootstrap = Launches.forMode(settings, Path.of("/task"), "127.0.0.1:1", Path.of("/jdk"),
                Map.of());
        assertEquals(java.util.List.of("/task/bootstrap"), bootstrap.command());
        assertEquals("dev.agentport.lambda.LambdaHandler::handleRequest", bootstrap.environment().get("_HANDLER"));
        assertFalse(bootstrap.environment().containsKey("AWS_EXECUTION_ENV"), "set by the managed runtime only");
        assertFalse(bootstrap.environment().containsKey("LAMBDA_RUNTIME_DIR"), "set by the managed runtime only");
    }

    @Test
    void bufferedModeOnTheCustomRuntimeDefaultsToTheZipWithTheBootstrap() {
        LocalSettings settings = LocalSettings.from(Map.of("LAMBDA_RUNTIME", "provided.al2023"), new String[0], RIC);
        assertEquals(Path.of("adapter-lambda/target/agentport-lambda-streaming.zip"), settings.zip());
    }

    @Test
    void eachModeHasItsRuntimeByDefault() {
        assertEquals(FunctionRuntime.JAVA21, LocalSettings.from(Map.of(), new String[0], RIC).runtime());
        assertEquals(FunctionRuntime.PROVIDED,
                LocalSettings.from(Map.of("LAMBDA_MODE", "streaming"), new String[0], RIC).runtime());
    }

    @Test
    void theManagedRuntimeCannotStreamAndAnUnknownRuntimeIsRejectedWithAClearMessage() {
        IllegalArgumentException streaming = assertThrows(IllegalArgumentException.class, () -> LocalSettings.from(
                Map.of("LAMBDA_MODE", "streaming", "LAMBDA_RUNTIME", "java21"), new String[0], RIC));
        assertTrue(streaming.getMessage().contains("does not stream"), streaming.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> LocalSettings.from(Map.of("LAMBDA_RUNTIME", "java25"), new String[0], RIC));
        assertTrue(unknown.getMessage().contains("java21 or provided.al2023"), unknown.getMessage());
    }
}
