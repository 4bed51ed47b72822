package dev.agentport.lambda;

import dev.agentport.AgentPort;
import dev.agentport.lambda.streaming.StreamingTraining;
import dev.agentport.priming.PrimingRequests;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.defaultagent.DefaultAgent;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The streaming zip's training run: the real streaming loop serves every priming request over loopback. */
class StreamingTrainingTest {

    @Test
    void theStreamingLoopAnswersEveryPrimingRequestThenStopsAtTheRuntimeApisLastAnswer() {
        AgentPort core = AgentPort.builder().agent(new DefaultAgent(Duration.ZERO)).config(RuntimeConfig.defaults()).build()
                .startAndAwait();
        int requests = PrimingRequests.forFaces(core.faces(), core.config()).size();

        List<Integer> statuses = StreamingTraining.run(core, Priming::event);

        assertEquals(Collections.nCopies(requests, 200), statuses);
    }
}
