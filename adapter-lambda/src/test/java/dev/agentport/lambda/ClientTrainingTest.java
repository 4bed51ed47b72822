package dev.agentport.lambda;

import dev.agentport.AgentPort;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.priming.PrimingRequests;
import dev.agentport.runtime.RuntimeConfig;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * The streaming zip's training of the buffered handler: the real runtime interface client, in a training JVM started
 * once its Runtime API is bound, answers every priming request.
 */
class ClientTrainingTest {

    @Test
    void theClientInATrainingJvmStartedAfterItsRuntimeApiIsBoundAnswersEveryPrimingRequest() {
        AgentPort core = AgentPort.builder().agent(new DefaultAgent(Duration.ZERO)).config(RuntimeConfig.defaults())
                .build().startAndAwait();
        int requests = PrimingRequests.forFaces(core.faces(), core.config()).size();
        List<String> trainingJvm = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                ClassDataTraining.class.getName(), ClassDataTraining.RUNTIME_INTERFACE_CLIENT);

        ClientTraining.Served served = ClientTraining.serve(core, Priming::event, trainingJvm);

        assertEquals(Collections.nCopies(requests, 200), served.statuses());
        assertEquals(0, served.exitCode(), "the training JVM passed: the handler and the client answered, all 2xx");
    }

    @Test
    void aTrainingJvmThatDiesBeforeItsFirstRequestEndsTheTrainingAtOnceNotAfterTheRuntimeApisWait() {
        AgentPort core = AgentPort.builder().agent(new DefaultAgent(Duration.ZERO)).config(RuntimeConfig.defaults())
                .build().startAndAwait();
        List<String> dies = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+NoSuchOptionAnywhere", "-version");

        // the Runtime API waits 60 s for a request: well under that, the training has ended
        assertThrows(RuntimeException.class, () -> assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> ClientTraining.serve(core, Priming::event, dies)));
    }
}
