package dev.agentport.lambdalocal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * lambda-local's settings, from environment variables, overridden by {@code --name value} arguments.
 *
 * <table>
 *   <caption>Settings</caption>
 *   <tr><th>variable</th><th>argument</th><th>default</th></tr>
 *   <tr><td>PORT</td><td>--port</td><td>8080</td></tr>
 *   <tr><td>LAMBDA_MODE</td><td>--mode</td><td>buffered ({@code buffered} or {@code streaming})</td></tr>
 *   <tr><td>LAMBDA_TIMEOUT_SECONDS</td><td>--timeout</td><td>30</td></tr>
 *   <tr><td>LAMBDA_ZIP</td><td>--zip</td><td>adapter-lambda/target/agentport-lambda.zip, or
 *       agentport-lambda-streaming.zip in streaming mode</td></tr>
 *   <tr><td>LAMBDA_RUNTIME</td><td>--runtime</td><td>java21 in buffered mode, provided.al2023 in streaming mode
 *       ({@code provided.al2023} in buffered mode runs the zip's {@code bootstrap} with the handler in
 *       {@code _HANDLER})</td></tr>
 *   <tr><td>LAMBDA_HANDLER</td><td>--handler</td><td>dev.agentport.lambda.LambdaHandler::handleRequest</td></tr>
 *   <tr><td>LAMBDA_RIC_DIR</td><td>--ric-dir</td><td>the {@code ric} folder next to lambda-local.jar</td></tr>
 *   <tr><td>LAMBDA_JAVA_TOOL_OPTIONS</td><td>--java-tool-options</td><td>unset: the function gets lambda-local's own
 *       {@code JAVA_TOOL_OPTIONS}; set, the function's {@code JAVA_TOOL_OPTIONS} as a deploy file sets it, with
 *       {@code /var/task} standing for the unpacked zip</td></tr>
 *   <tr><td>AWS_LAMBDA_FUNCTION_NAME</td><td></td><td>agentport</td></tr>
 *   <tr><td>AWS_LAMBDA_FUNCTION_MEMORY_SIZE</td><td></td><td>1024</td></tr>
 *   <tr><td>AWS_REGION</td><td></td><td>us-east-1</td></tr>
 * </table>
 */
public record LocalSettings(int port, Mode mode, FunctionRuntime runtime, Duration timeout, Path zip, String handler, Path ricDir,
                            String functionName, int memoryMb, String region, String javaToolOptions) {

    public static final String DEFAULT_HANDLER = "dev.agentport.lambda.LambdaHandler::handleRequest";
    public static final String STREAMING_MAIN_CLASS = "dev.agentport.lambda.streaming.StreamingBootstrap";
    public static final String ACCOUNT_ID = "123456789012";

    /** The ARN that {@code Lambda-Runtime-Invoked-Function-Arn} carries. */
    public String functionArn() {
        return "arn:aws:lambda:" + region + ":" + ACCOUNT_ID + ":function:" + functionName;
    }

    /**
     * Reads the settings.
     *
     * @param env           the environment variables
     * @param args          {@code --port 9000 --mode streaming ...}
     * @param defaultRicDir where the runtime interface client jars are unless LAMBDA_RIC_DIR says otherwise
     * @throws IllegalArgumentException with a message for the user when a value is wrong
     */
    public static LocalSettings from(Map<String, String> env, String[] args, Path defaultRicDir) {
        Map<String, String> values = new HashMap<>(env);
        for (int i = 0; i < args.length; i++) {
            String variable = switch (args[i]) {
                case "--port" -> "PORT";
                case "--mode" -> "LAMBDA_MODE";
                case "--runtime" -> "LAMBDA_RUNTIME";
                case "--timeout" -> "LAMBDA_TIMEOUT_SECONDS";
                case "--zip" -> "LAMBDA_ZIP";
                case "--handler" -> "LAMBDA_HANDLER";
                case "--ric-dir" -> "LAMBDA_RIC_DIR";
                case "--java-tool-options" -> "LAMBDA_JAVA_TOOL_OPTIONS";
                default -> throw new IllegalArgumentException("unknown argument " + args[i]
                        + " (known: --port, --mode, --runtime, --timeout, --zip, --handler, --ric-dir, --java-tool-options)");
            };
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            values.put(variable, args[++i]);
        }
        Mode mode = Mode.parse(values.getOrDefault("LAMBDA_MODE", "buffered"));
        FunctionRuntime runtime = FunctionRuntime.parse(values.get("LAMBDA_RUNTIME"), mode);
        // a custom runtime needs the zip with a bootstrap: the streaming zip's serves both modes
        String defaultZip = runtime == FunctionRuntime.JAVA21 ? "adapter-lambda/target/agentport-lambda.zip"
                : "adapter-lambda/target/agentport-lambda-streaming.zip";
        return new LocalSettings(
                number(values, "PORT", 8080, 0, 65535),
                mode,
                runtime,
                Duration.ofSeconds(number(values, "LAMBDA_TIMEOUT_SECONDS", 30, 1, 900)),
                Path.of(values.getOrDefault("LAMBDA_ZIP", defaultZip)),
                values.getOrDefault("LAMBDA_HANDLER", mode == Mode.BUFFERED ? DEFAULT_HANDLER : STREAMING_MAIN_CLASS),
                Path.of(values.getOrDefault("LAMBDA_RIC_DIR", defaultRicDir.toString())),
                values.getOrDefault("AWS_LAMBDA_FUNCTION_NAME", "agentport"),
                number(values, "AWS_LAMBDA_FUNCTION_MEMORY_SIZE", 1024, 128, 10240),
                values.getOrDefault("AWS_REGION", "us-east-1"),
                values.get("LAMBDA_JAVA_TOOL_OPTIONS"));
    }

    private static int number(Map<String, String> values, String name, int fallback, int min, int max) {
        String text = values.get(name);
        if (text == null || text.isBlank()) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(text.strip());
            if (value < min || value > max) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number from " + min + " to " + max
                    + ", not '" + text + "'");
        }
    }
}
