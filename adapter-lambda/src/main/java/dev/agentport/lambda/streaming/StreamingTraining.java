package dev.agentport.lambda.streaming;

import dev.agentport.AgentPort;
import dev.agentport.http.HttpRequest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Function;

/**
 * The streaming zip's part of the build's training run: the real {@link StreamingBootstrap} loop, with its Runtime API
 * client, serves the priming requests through a {@link TrainingRuntimeApi} on loopback, so that the classes of the
 * loop are in the zip's class data too, not only those of the core. After the last request the Runtime API answers
 * {@code /invocation/next} with 410, which ends the loop (the loop logs that as an error: the training log shows that
 * line once).
 */
public final class StreamingTraining {

    private static final long JOIN_MILLIS = 60_000;

    private StreamingTraining() {
    }

    /**
     * @param core   the core the loop serves (the build's throwaway one)
     * @param events the Lambda event that carries a request, as a Function URL sends it
     * @return the status of every answer, in order
     */
    public static List<Integer> run(AgentPort core, Function<HttpRequest, byte[]> events) {
        try (TrainingRuntimeApi api = TrainingRuntimeApi.onLoopback()) {
            RuntimeApi client = new RuntimeApi(api.address());
            Thread loop = Thread.ofPlatform().name("streaming-loop").start(() -> {
                try {
                    new StreamingBootstrap(client, core).run();
                } catch (Exception e) {
                    System.err.println("training: the streaming loop stopped: " + e);
                }
            });
            List<Integer> statuses = api.serve(core, events);
            api.endWithGone();
            loop.join(JOIN_MILLIS);
            if (loop.isAlive()) {
                throw new IllegalStateException("the streaming loop went on after the Runtime API's last answer");
            }
            return statuses;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
