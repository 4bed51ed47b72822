package dev.agentport.core;

import dev.agentport.contract.BoundedRunCases;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.echoface.EchoFace;
import dev.agentport.testing.HangingAgent;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A face added as ARCHITECTURE.md says, with one package and one service line ({@link EchoFace}, in the tests), is
 * found, enabled by name, and gets the engine's run rules with no code of its own for them.
 */
class AddingAFaceTest {

    private static Map<String, String> env(String... more) {
        Map<String, String> env = new HashMap<>(Map.of("AGENT_FACES", "agentbreeder," + EchoFace.NAME));
        for (int i = 0; i < more.length; i += 2) {
            env.put(more[i], more[i + 1]);
        }
        return env;
    }

    private static Exchange echo(InProcessTarget target, String text) throws Exception {
        return target.send(CaseRequest.post(EchoFace.PATH).header("X-Echo-Session", "echo-1")
                .body("text/plain", text.getBytes()).build());
    }

    @Test
    void a_face_with_one_package_and_one_service_line_serves_the_agent() throws Exception {
        InProcessTarget target = new InProcessTarget(new DefaultAgent(Duration.ZERO), env());
        Exchange first = echo(target, "hello");
        assertEquals(200, first.status(), first.toString());
        assertTrue(first.json().get("reply").asText().contains("turn 1"), first.toString());
        Exchange second = echo(target, "again");
        assertTrue(second.json().get("reply").asText().contains("turn 2"), "the session is kept: " + second);
    }

    @Test
    void the_new_faces_runs_end_at_the_run_timeout_with_no_code_of_its_own_for_it() throws Exception {
        InProcessTarget target = new InProcessTarget(new HangingAgent(), env("AGENT_RUN_TIMEOUT_SECONDS", "1"));
        long start = System.nanoTime();
        Exchange answer = echo(target, "hello");
        assertEquals(504, answer.status(), answer.toString());
        BoundedRunCases.assertBounded(start);
    }

    @Test
    void a_face_off_by_default_stays_off_until_named() throws Exception {
        InProcessTarget target = new InProcessTarget(new DefaultAgent(Duration.ZERO), Map.of());
        assertEquals(404, echo(target, "hello").status());
    }
}
