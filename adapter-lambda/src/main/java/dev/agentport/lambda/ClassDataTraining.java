package dev.agentport.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.AgentPort;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.lambda.streaming.StreamingTraining;
import dev.agentport.priming.PrimingRequests;
import dev.agentport.priming.PrimingRun;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The build's training run of the managed zip, for the class data sharing archive it ships
 * ({@code agentport-lambda.jsa}): loaded by a class loader over the zip's layout, as the runtime interface client
 * loads the handler, it builds the handler the way Lambda's init does, then sends {@link PrimingRequests} (health and
 * the main calls of every enabled face) through {@link LambdaHandler#handleRequest} as payload 2.0 events, so the
 * classes of a first invocation are loaded and end up in the archive.
 *
 * <p>Like SnapStart priming, it never reaches the user's agent or state stores unless the agent allows priming: the
 * requests then go to a throwaway core with the built-in default agent and in-memory stores.
 */
public final class ClassDataTraining {

    private static final int ROUNDS = 2;
    private static final String HANDLER = "handler";
    /** The streaming zip's loop ({@link StreamingTraining}). */
    static final String STREAMING_LOOP = "streaming-loop";
    /** The runtime interface client the {@code bootstrap} runs for the buffered handler ({@link ClientTraining}). */
    static final String RUNTIME_INTERFACE_CLIENT = "runtime-interface-client";

    private ClassDataTraining() {
    }

    /**
     * The streaming zip's training run, started with the bundled JRE as its {@code bootstrap} starts the function:
     * the requests go through the handler, then through each loop {@code args} name, in turn:
     * {@value #STREAMING_LOOP}, {@value #RUNTIME_INTERFACE_CLIENT}. Exit code 0 when the handler and every loop named
     * answered at least one request, and every answer was 2xx.
     */
    public static void main(String[] args) {
        for (String loop : args) {
            if (!loop.equals(STREAMING_LOOP) && !loop.equals(RUNTIME_INTERFACE_CLIENT)) {
                System.err.println("usage: ClassDataTraining [" + STREAMING_LOOP + "] [" + RUNTIME_INTERFACE_CLIENT
                        + "]; not a loop: " + loop);
                System.exit(2);
            }
        }
        boolean passed;
        try {
            AgentPort core = trainingCore();
            Map<String, List<Integer>> statuses = new LinkedHashMap<>();
            statuses.put(HANDLER, throughHandler(core));
            for (String loop : args) {
                statuses.put(loop, loop.equals(STREAMING_LOOP)
                        ? StreamingTraining.run(core, Priming::event)
                        : ClientTraining.runClient(core));
            }
            System.err.println("ClassDataTraining: statuses " + statuses);
            passed = passed(statuses);
        } catch (RuntimeException e) {
            System.err.println("ClassDataTraining: " + e);
            passed = false;
        }
        // exit, not return: the core's non-daemon threads would keep the JVM (and the archive's dump) waiting
        System.exit(passed ? 0 : 1);
    }

    /** The managed zip's training run: the requests through the handler. @return every answer's status, in order */
    public static List<Integer> run() {
        return throughHandler(trainingCore());
    }

    /** @return whether every part of the training answered at least one request, and every answer was 2xx */
    static boolean passed(Map<String, List<Integer>> statusesByPart) {
        return statusesByPart.values().stream().allMatch(ClassDataTraining::passed);
    }

    /** @return whether {@code statuses} has at least one status, and only 2xx ones */
    static boolean passed(List<Integer> statuses) {
        return !statuses.isEmpty() && statuses.stream().allMatch(status -> status / 100 == 2);
    }

    /**
     * The core the training serves: the function's own, built as Lambda's init does (settings, logging, the core),
     * unless its agent does not allow priming; then a throwaway one, as {@link Priming} builds it.
     */
    static AgentPort trainingCore() {
        return new Priming(new LambdaHandler().core()).target();
    }

    private static List<Integer> throughHandler(AgentPort core) {
        LambdaHandler handler = new LambdaHandler(core);
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < ROUNDS; i++) {
            statuses.addAll(PrimingRun.run(PrimingRequests.forFaces(core.faces(), core.config()),
                    request -> answer(handler, Priming.event(request))));
        }
        return statuses;
    }

    private static HttpResponse answer(LambdaHandler handler, byte[] event) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            handler.handleRequest(new ByteArrayInputStream(event), out, null);
            JsonNode answer = Json.parse(out.toByteArray());
            HttpResponse.Builder response = HttpResponse.builder(answer.path("statusCode").asInt());
            answer.path("headers").properties().forEach(header -> response.header(header.getKey(),
                    header.getValue().asText()));
            return response.build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
