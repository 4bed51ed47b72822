package dev.agentport.lambda;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import dev.agentport.AgentPort;
import dev.agentport.http.HttpRequest;
import dev.agentport.lambda.streaming.StreamingTraining;
import dev.agentport.runtime.Settings;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.function.Function;

/**
 * The streaming zip's training of the buffered handler on the custom runtime: the AWS runtime interface client, from
 * the zip's {@code lib/} on the class path as the {@code bootstrap} starts it, loads {@link LambdaHandler} and serves
 * the priming requests through a Runtime API on loopback, so that the client's classes and its path to the handler are
 * in the zip's AOT cache too.
 *
 * <p>The client reads the Runtime API's address from {@code AWS_LAMBDA_RUNTIME_API} once, when its class is set up,
 * so the build chooses a free loopback port and sets it before this JVM starts; without it (or without the client on
 * the class path) there is nothing to train. The client has no way to stop but the process's end: it is left waiting
 * for its next invocation, and the training's {@code System.exit} ends it.
 *
 * <p>The client is given {@link TrainingHandler}, which serves the training's core (a throwaway one unless the agent
 * allows priming) through {@link LambdaHandler}: the client's way to the handler and the handler's own code are the
 * function's, and the requests never reach the user's agent or state stores.
 */
public final class ClientTraining {

    /** The client's main class, as the {@code bootstrap} starts it. */
    static final String CLIENT_MAIN = "com.amazonaws.services.lambda.runtime.api.client.AWSLambda";
    private static final String HANDLER = TrainingHandler.class.getName() + "::handleRequest";

    private static volatile AgentPort trained;

    private ClientTraining() {
    }

    /** @return the status of every answer, in order; none when there is no client or no address to train it on */
    static List<Integer> run(AgentPort core, Function<HttpRequest, byte[]> events) {
        String runtimeApi = Settings.fromEnvironment().get("AWS_LAMBDA_RUNTIME_API");
        Class<?> client;
        try {
            client = Class.forName(CLIENT_MAIN, false, ClientTraining.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return List.of();
        }
        if (runtimeApi == null || runtimeApi.isBlank()) {
            return List.of();
        }
        trained = core;
        int port = Integer.parseInt(runtimeApi.substring(runtimeApi.lastIndexOf(':') + 1).strip());
        try {
            ServerSocket server = new ServerSocket(port, 4, InetAddress.getLoopbackAddress()); // held: see serve
            return StreamingTraining.serve(server, "runtime interface client", () -> {
                try {
                    client.getMethod("main", String[].class).invoke(null, (Object) new String[] {HANDLER});
                } catch (InvocationTargetException e) {
                    throw new IllegalStateException(String.valueOf(e.getCause()), e.getCause());
                }
            }, false, core, events);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the client loads and builds as the function's handler during the training: {@link LambdaHandler}. */
    public static final class TrainingHandler implements RequestStreamHandler {

        private final LambdaHandler handler = new LambdaHandler(trained);

        @Override
        public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
            handler.handleRequest(input, output, context);
        }
    }
}
