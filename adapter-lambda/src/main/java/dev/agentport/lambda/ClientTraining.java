package dev.agentport.lambda;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.AgentPort;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.Json;
import dev.agentport.lambda.streaming.TrainingRuntimeApi;
import dev.agentport.runtime.Settings;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The streaming zip's training of the buffered handler on the custom runtime: the AWS runtime interface client, from
 * the zip's {@code lib/} on the class path as the {@code bootstrap} starts it, loads {@link LambdaHandler} and serves
 * the priming requests through a Runtime API on loopback, so that the client's classes and its path to the handler are
 * in the zip's AOT cache too.
 *
 * <p>The client reads the Runtime API's address from {@code AWS_LAMBDA_RUNTIME_API} once, as its class is set up, so
 * the address must be known before the training JVM starts. Two processes, then: {@link #main} binds the Runtime API
 * on a loopback port, starts the training JVM with that address (its command is {@code main}'s arguments), serves it
 * the priming requests and waits for it; in the training JVM, {@link ClassDataTraining} calls {@link #runClient},
 * which starts the client and waits until its standard input ends. The client has no way to stop but the process's
 * end (its native part ends the JVM on a 410 or a closed connection): the Runtime API holds its last
 * {@code /invocation/next} open until the training JVM has exited.
 *
 * <p>The client is given {@link TrainingHandler}, which serves the training's core (a throwaway one unless the agent
 * allows priming) through {@link LambdaHandler}: the client's way to the handler and the handler's own code are the
 * function's, and the requests never reach the user's agent or state stores.
 */
public final class ClientTraining {

    /** The client's main class, as the {@code bootstrap} starts it. */
    static final String CLIENT_MAIN = "com.amazonaws.services.lambda.runtime.api.client.AWSLambda";
    static final String RUNTIME_API = "AWS_LAMBDA_RUNTIME_API";
    private static final String HANDLER = TrainingHandler.class.getName() + "::handleRequest";
    /** The training JVM writes its AOT cache as it exits, which takes a while. */
    private static final long EXIT_MINUTES = 10;

    private static volatile AgentPort trained;
    private static final List<Integer> ANSWERED = new CopyOnWriteArrayList<>();

    private ClientTraining() {
    }

    /**
     * The Runtime API's side, in a JVM of its own: {@code args} are the training JVM's command. Exit code 0 when the
     * client answered every request 2xx and the training JVM exited with 0.
     */
    public static void main(String[] args) {
        if (args.length == 0) {
            System.err.println("usage: ClientTraining TRAINING_JVM_COMMAND...");
            System.exit(2);
        }
        Served served;
        try {
            served = serve(ClassDataTraining.trainingCore(), Priming::event, List.of(args));
        } catch (RuntimeException e) {
            System.err.println("ClientTraining: the training failed: " + e);
            System.exit(1);
            return;
        }
        System.err.println("ClientTraining: " + served.statuses().size() + " requests through the runtime interface"
                + " client, statuses " + served.statuses() + "; the training JVM exited with " + served.exitCode());
        // exit, not return: the core's non-daemon threads would keep the JVM waiting
        System.exit(served.passed() ? 0 : 1);
    }

    /** What the Runtime API saw: every answer's status, in order, and the training JVM's exit code. */
    record Served(List<Integer> statuses, int exitCode) {

        boolean passed() {
            return exitCode == 0 && ClassDataTraining.passed(statuses);
        }
    }

    /**
     * Binds the Runtime API, then starts {@code trainingJvm} with its address in {@code AWS_LAMBDA_RUNTIME_API}, its
     * output this JVM's, serves the client there the priming requests of {@code core}'s faces, ends the training JVM's
     * standard input and waits for it to exit.
     */
    static Served serve(AgentPort core, Function<HttpRequest, byte[]> events, List<String> trainingJvm) {
        Process training = null;
        try (TrainingRuntimeApi api = TrainingRuntimeApi.onLoopback()) {
            ProcessBuilder builder = new ProcessBuilder(trainingJvm)
                    .redirectOutput(ProcessBuilder.Redirect.INHERIT)
                    .redirectError(ProcessBuilder.Redirect.INHERIT);
            builder.environment().put(RUNTIME_API, api.address());
            training = builder.start();
            // a training JVM that dies early closes the Runtime API, so the wait for its next request ends at once
            training.onExit().thenRun(() -> closeQuietly(api));
            List<Integer> statuses = api.serve(core, events);
            try (Socket held = api.holdNext()) {
                training.getOutputStream().close();
                if (!training.waitFor(EXIT_MINUTES, TimeUnit.MINUTES)) {
                    throw new IllegalStateException("the training JVM went on after its input ended");
                }
            }
            return new Served(statuses, training.exitValue());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } finally {
            if (training != null) {
                // on JDK 25 the training JVM starts a child at exit that writes the AOT cache
                training.descendants().forEach(ProcessHandle::destroyForcibly);
                training.destroyForcibly();
            }
        }
    }

    private static void closeQuietly(TrainingRuntimeApi api) {
        try {
            api.close();
        } catch (IOException e) {
            // closing is all that was wanted
        }
    }

    /**
     * The training JVM's side: starts the client from the class path with {@link TrainingHandler} serving
     * {@code core}, at the address {@link #main} gave this JVM, and returns when standard input ends.
     *
     * @return the status of every answer the handler gave the client, in order
     * @throws IllegalStateException without the client on the class path or without a Runtime API address
     */
    static List<Integer> runClient(AgentPort core) {
        String runtimeApi = Settings.fromEnvironment().get(RUNTIME_API);
        if (runtimeApi == null || runtimeApi.isBlank()) {
            throw new IllegalStateException("no " + RUNTIME_API + ": ClientTraining starts the training JVM with one");
        }
        Class<?> client;
        try {
            client = Class.forName(CLIENT_MAIN, false, ClientTraining.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the runtime interface client is not on the class path", e);
        }
        trained = core;
        Thread.ofPlatform().name("runtime interface client").daemon().start(() -> {
            try {
                client.getMethod("main", String[].class).invoke(null, (Object) new String[] {HANDLER});
            } catch (InvocationTargetException e) {
                System.err.println("training: the runtime interface client stopped: " + e.getCause());
            } catch (ReflectiveOperationException e) {
                System.err.println("training: the runtime interface client did not start: " + e);
            }
        });
        try {
            System.in.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(ANSWERED);
    }

    /** What the client loads and builds as the function's handler during the training: {@link LambdaHandler}. */
    public static final class TrainingHandler implements RequestStreamHandler {

        private final LambdaHandler handler = new LambdaHandler(trained);

        @Override
        public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            handler.handleRequest(input, answer, context);
            JsonNode status = Json.parse(answer.toByteArray()).path("statusCode");
            ANSWERED.add(status.asInt());
            answer.writeTo(output);
        }
    }
}
