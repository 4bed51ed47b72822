package dev.agentport.lambdalocal;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Builds the command and environment of the function's runtime process, like Lambda's own launchers do. Pure.
 *
 * <ul>
 *   <li>the managed java21 runtime (buffered mode's default): its launch, i.e. the AWS runtime interface client's {@code AWSLambda}
 *       main class with the handler as argument; it loads the function from its working directory (the task root)
 *       and {@code lib/*.jar} there;</li>
 *   <li>a custom runtime ({@code provided.al2023}; streaming mode's, and buffered mode's when asked for): the
 *       {@code bootstrap} at the root of the task root, the handler in {@code _HANDLER}.</li>
 * </ul>
 */
public final class Launches {

    static final String RIC_MAIN_CLASS = "com.amazonaws.services.lambda.runtime.api.client.AWSLambda";
    /** Where Lambda unpacks a function's zip. */
    static final String LAMBDA_TASK_ROOT = "/var/task";
    /** What Lambda sets from the function's role, passed on from lambda-local's own environment. */
    private static final Set<String> ROLE_CREDENTIALS =
            Set.of("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN");

    private Launches() {
    }

    /**
     * @param runtimeApi the Runtime API's {@code host:port}
     * @param javaHome   the JDK the child runs on (its {@code bin} goes first on the child's PATH)
     * @param parentEnv  lambda-local's own environment, for the pass-through variables
     */
    public static FunctionLaunch forMode(LocalSettings settings, Path taskRoot, String runtimeApi, Path javaHome,
                                         Map<String, String> parentEnv) {
        Map<String, String> env = environment(settings, taskRoot, runtimeApi, javaHome, parentEnv);
        List<String> command = settings.runtime() == FunctionRuntime.JAVA21
                ? List.of(javaHome.resolve("bin").resolve("java").toString(),
                        "-XX:+UseSerialGC", "-XX:+TieredCompilation", "-XX:TieredStopAtLevel=1", "-Xshare:auto",
                        "--enable-native-access=ALL-UNNAMED",
                        "-XX:MaxHeapSize=" + settings.memoryMb() * 85 / 100 + "m",
                        "-cp", settings.ricDir().toAbsolutePath() + File.separator + "*",
                        RIC_MAIN_CLASS, settings.handler())
                : List.of(taskRoot.resolve("bootstrap").toString());
        return new FunctionLaunch(command, taskRoot, env);
    }

    /**
     * The function's {@code JAVA_TOOL_OPTIONS} as a deploy file sets it, its paths under Lambda's task root
     * ({@code /var/task}, where Lambda unpacks the zip) pointing into the unpacked zip instead.
     */
    static String functionJavaToolOptions(String asDeployed, Path taskRoot) {
        return asDeployed.replace(LAMBDA_TASK_ROOT, taskRoot.toAbsolutePath().toString());
    }

    /**
     * The child's whole environment: the variables Lambda sets, PATH with the JDK first, and lambda-local's own
     * {@code AGENT_*}, {@code DEFAULT_AGENT_*}, the model agent's {@code OPENAI_*} and {@code JAVA_TOOL_OPTIONS}
     * (replaced by {@code LAMBDA_JAVA_TOOL_OPTIONS} when that is set), and its AWS credentials where Lambda puts the
     * function role's ({@code AWS_ACCESS_KEY_ID}, {@code AWS_SECRET_ACCESS_KEY}, {@code AWS_SESSION_TOKEN}). Nothing else is
     * inherited.
     */
    static Map<String, String> environment(LocalSettings settings, Path taskRoot, String runtimeApi, Path javaHome,
                                           Map<String, String> parentEnv) {
        Map<String, String> env = new TreeMap<>();
        parentEnv.forEach((name, value) -> {
            if (name.startsWith("AGENT_") || name.startsWith("DEFAULT_AGENT_") || name.startsWith("OPENAI_")
                    || name.equals("JAVA_TOOL_OPTIONS")
                    || ROLE_CREDENTIALS.contains(name)) {
                env.put(name, value);
            }
        });
        if (settings.javaToolOptions() != null) {
            env.put("JAVA_TOOL_OPTIONS", functionJavaToolOptions(settings.javaToolOptions(), taskRoot));
        }
        env.put("AWS_LAMBDA_RUNTIME_API", runtimeApi);
        env.put("AWS_LAMBDA_FUNCTION_NAME", settings.functionName());
        env.put("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", Integer.toString(settings.memoryMb()));
        env.put("AWS_LAMBDA_FUNCTION_VERSION", "$LATEST");
        env.put("AWS_LAMBDA_INITIALIZATION_TYPE", "on-demand");
        env.put("AWS_LAMBDA_LOG_GROUP_NAME", "/aws/lambda/" + settings.functionName());
        env.put("AWS_LAMBDA_LOG_STREAM_NAME", "lambda-local");
        env.put("AWS_REGION", settings.region());
        env.put("AWS_DEFAULT_REGION", settings.region());
        env.put("LAMBDA_TASK_ROOT", taskRoot.toString());
        env.put("_HANDLER", settings.handler());
        env.put("TZ", "UTC");
        env.put("LANG", "en_US.UTF-8");
        env.put("JAVA_HOME", javaHome.toString());
        String path = parentEnv.getOrDefault("PATH", "/usr/local/bin:/usr/bin:/bin");
        env.put("PATH", javaHome.resolve("bin") + File.pathSeparator + path);
        if (settings.runtime() == FunctionRuntime.JAVA21) {
            env.put("AWS_EXECUTION_ENV", "AWS_Lambda_java21");
            env.put("LAMBDA_RUNTIME_DIR", settings.ricDir().toAbsolutePath().toString());
        }
        return env;
    }
}
