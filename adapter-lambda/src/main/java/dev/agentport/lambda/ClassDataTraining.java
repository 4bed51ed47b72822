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
import java.util.List;

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

    private ClassDataTraining() {
    }

    /**
     * The streaming zip's training run, started with the bundled JRE as its {@code bootstrap} starts the function:
     * the requests go through the handler, then through the streaming runtime's own loop
     * ({@link StreamingTraining}), then through the runtime interface client the {@code bootstrap} runs for the
     * buffered handler ({@link ClientTraining}). Exit code 0 when every answer was 2xx.
     */
    public static void main(String[] args) {
        List<Integer> statuses = run(true);
        boolean all2xx = !statuses.isEmpty();
        for (int status : statuses) {
            all2xx &= status / 100 == 2;
        }
        System.err.println("ClassDataTraining: " + statuses.size() + " requests, statuses " + statuses);
        // exit, not return: the core's non-daemon threads would keep the JVM (and the archive's dump) waiting
        System.exit(all2xx ? 0 : 1);
    }

    /** The managed zip's training run: the requests through the handler. @return every answer's status, in order */
    public static List<Integer> run() {
        return run(false);
    }

    private static List<Integer> run(boolean streaming) {
        LambdaHandler served = new LambdaHandler(); // Lambda's init: settings, logging, the core
        Priming priming = new Priming(served.core());
        AgentPort core = priming.target();
        LambdaHandler handler = core == served.core() ? served : new LambdaHandler(core);
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < ROUNDS; i++) {
            statuses.addAll(PrimingRun.run(PrimingRequests.forFaces(core.faces(), core.config()),
                    request -> answer(handler, Priming.event(request))));
        }
        if (streaming) {
            statuses.addAll(StreamingTraining.run(core, Priming::event));
            statuses.addAll(ClientTraining.run(core, Priming::event));
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
