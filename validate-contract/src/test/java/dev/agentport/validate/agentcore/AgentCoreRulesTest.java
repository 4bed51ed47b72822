package dev.agentport.validate.agentcore;

import dev.agentport.validate.Contract;
import dev.agentport.validate.Outcome;
import dev.agentport.validate.Probe;
import dev.agentport.validate.Result;
import dev.agentport.validate.Rule;
import dev.agentport.validate.Settings;
import dev.agentport.validate.Validator;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;
import dev.agentport.validate.http.SseEvent;
import dev.agentport.validate.http.Transport;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The AgentCore rules against a stand-in that answers as the AWS guide's examples do (an agent of its own words,
 * {@code {"response":...,"status":"success"}}, no session header on its answers), and against stand-ins that each
 * break one rule. No AgentPort server is involved: this checks the rules' own reading of the contract.
 */
class AgentCoreRulesTest {

    @Test
    void a_server_answering_as_the_guide_shows_passes_every_rule() {
        assertEquals(Map.of(), failures(new GuideServer(400, 1)));
    }

    @Test
    void it_is_detected_by_its_ping() {
        assertTrue(new AgentCoreRules().detect(new Probe(new GuideServer(400, 1), null)).found());
        assertFalse(new AgentCoreRules().detect(new Probe((request, timeout) -> answer(request, 404, "text/html",
                "<html></html>"), null)).found());
    }

    @Test
    void input_that_is_not_json_answered_500_fails_only_the_two_bad_input_rules() {
        assertEquals(List.of("invocations_of_a_non_json_media_type_is_a_4xx_json_error",
                        "invocations_of_malformed_json_is_a_4xx_json_error"),
                List.copyOf(failures(new GuideServer(500, 1)).keySet()));
    }

    @Test
    void a_ping_time_in_milliseconds_fails_only_its_rule() {
        assertEquals(List.of("ping_time_of_last_update_is_an_integer_of_unix_seconds"),
                List.copyOf(failures(new GuideServer(400, 1000)).keySet()));
    }

    @Test
    void the_rules_send_at_most_thirty_requests() {
        Probe probe = new Probe(new GuideServer(400, 1), "token");
        new AgentCoreRules().detect(probe);
        for (Rule rule : Validator.standard().rules(Contract.AGENTCORE, Settings.DEFAULTS)) {
            Validator.check(rule, probe);
        }
        assertTrue(probe.requestsSent() <= 30, probe.requestsSent() + " requests");
    }

    private static Map<String, String> failures(Transport server) {
        Probe probe = new Probe(server, "token");
        Map<String, String> failed = new TreeMap<>();
        for (Rule rule : Validator.standard().rules(Contract.AGENTCORE, Settings.DEFAULTS)) {
            Result result = Validator.check(rule, probe);
            if (result.outcome() != Outcome.PASS) {
                failed.put(rule.name(), result.outcome() + ": " + result.reason());
            }
        }
        return failed;
    }

    /** The guide's examples; input that is not JSON answered {@code badInputStatus}, ping's time times {@code scale}. */
    private record GuideServer(int badInputStatus, long scale) implements Transport {

        @Override
        public Answer send(Request request, Duration timeout) {
            if (request.method().equals("GET") && request.path().equals("/ping")) {
                return answer(request, 200, "application/json", "{\"status\":\"Healthy\",\"time_of_last_update\":"
                        + System.currentTimeMillis() / 1000 * scale + "}");
            }
            if (!request.method().equals("POST") || !request.path().equals("/invocations")) {
                return answer(request, 404, "application/json", "{\"error\":\"not found\"}");
            }
            String body = new String(request.body(), StandardCharsets.UTF_8);
            if (!"application/json".equals(request.header("Content-Type")) || !body.endsWith("}")) {
                return answer(request, badInputStatus, "application/json", "{\"error\":\"send a JSON object\"}");
            }
            if ("text/event-stream".equals(request.header("Accept"))) {
                String events = "data: \"Your agent's\"\n\ndata: \" response here\"\n\n";
                return new Answer(request, 200, Map.of("Content-Type", List.of("text/event-stream")),
                        events.getBytes(StandardCharsets.UTF_8), SseEvent.parse(events, 0));
            }
            return answer(request, 200, "application/json",
                    "{\"response\":\"Your agent's response here\",\"status\":\"success\"}");
        }
    }

    private static Answer answer(Request request, int status, String type, String body) {
        return new Answer(request, status, Map.of("Content-Type", List.of(type)), body.getBytes(StandardCharsets.UTF_8),
                List.of());
    }
}
