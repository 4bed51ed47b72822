package dev.agentport.validate.a2a;

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

/**
 * The HTTP+JSON rules against a stand-in that answers as A2A 1.0 section 11 shows, and against one that answers an
 * unknown task in the JSON-RPC way. No AgentPort server serves this binding yet: this is what checks the rules' own
 * reading of the specification.
 */
class RestRulesTest {

    private static final String TASK = "{\"id\":\"t1\",\"contextId\":\"c1\","
            + "\"status\":{\"state\":\"TASK_STATE_COMPLETED\"},"
            + "\"artifacts\":[{\"artifactId\":\"a1\",\"parts\":[{\"text\":\"Hello!\"}]}]}";
    private static final String CARD = "{\"name\":\"n\",\"description\":\"d\",\"version\":\"1\",\"capabilities\":"
            + "{\"streaming\":true},\"defaultInputModes\":[\"text/plain\"],\"defaultOutputModes\":[\"text/plain\"],"
            + "\"skills\":[],\"supportedInterfaces\":[{\"url\":\"http://agent.example/rest\","
            + "\"protocolBinding\":\"HTTP+JSON\",\"protocolVersion\":\"1.0\"}]}";

    @Test
    void a_server_answering_as_section_11_shows_passes_every_rest_rule() {
        assertEquals(Map.of(), failures(new Section11Server(404)));
    }

    @Test
    void an_unknown_task_answered_with_another_status_fails_only_the_error_rule() {
        assertEquals(List.of("rest_unknown_task_is_404_with_a_google_rpc_status_of_task_not_found"),
                List.copyOf(failures(new Section11Server(400)).keySet()));
    }

    private static Map<String, String> failures(Transport server) {
        Probe probe = new Probe(server, "token");
        Map<String, String> failed = new TreeMap<>();
        for (Rule rule : Validator.standard().rules(Contract.A2A, Settings.DEFAULTS)) {
            if (!rule.name().startsWith("rest_")) {
                continue;
            }
            Result result = Validator.check(rule, probe);
            if (result.outcome() != Outcome.PASS) {
                failed.put(rule.name(), result.outcome() + ": " + result.reason());
            }
        }
        return failed;
    }

    /** Answers the card and the section 11 resources; an unknown task with {@code unknownStatus}. */
    private record Section11Server(int unknownStatus) implements Transport {

        @Override
        public Answer send(Request request, Duration timeout) {
            String route = request.method() + " " + request.path();
            return switch (route) {
                case "GET /.well-known/agent-card.json" -> json(request, 200, "application/json", CARD);
                case "POST /rest/message:send" -> json(request, 200, Rest.MEDIA_TYPE, "{\"task\":" + TASK + "}");
                case "POST /rest/message:stream" -> stream(request, "{\"task\":" + TASK.replace("COMPLETED",
                        "SUBMITTED") + "}", "{\"statusUpdate\":{\"taskId\":\"t1\",\"contextId\":\"c1\","
                        + "\"status\":{\"state\":\"TASK_STATE_COMPLETED\"}}}");
                case "GET /rest/tasks/t1" -> json(request, 200, Rest.MEDIA_TYPE, TASK);
                case "GET /rest/tasks?contextId=c1" -> json(request, 200, Rest.MEDIA_TYPE, "{\"tasks\":[" + TASK
                        + "],\"nextPageToken\":\"\",\"pageSize\":50,\"totalSize\":1}");
                case "POST /rest/tasks/t1:cancel" -> error(request, 400, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE");
                default -> error(request, unknownStatus, "NOT_FOUND", "TASK_NOT_FOUND");
            };
        }

        private static Answer json(Request request, int status, String type, String body) {
            return new Answer(request, status, Map.of("Content-Type", List.of(type)),
                    body.getBytes(StandardCharsets.UTF_8), List.of());
        }

        private static Answer stream(Request request, String... events) {
            StringBuilder text = new StringBuilder();
            for (String event : events) {
                text.append("data: ").append(event).append("\n\n");
            }
            return new Answer(request, 200, Map.of("Content-Type", List.of("text/event-stream")),
                    text.toString().getBytes(StandardCharsets.UTF_8), SseEvent.parse(text.toString(), 0));
        }

        private static Answer error(Request request, int status, String name, String reason) {
            return json(request, status, Rest.MEDIA_TYPE, "{\"error\":{\"code\":" + status + ",\"status\":\"" + name
                    + "\",\"message\":\"no\",\"details\":[{\"@type\":\"type.googleapis.com/google.rpc.ErrorInfo\","
                    + "\"reason\":\"" + reason + "\",\"domain\":\"a2a-protocol.org\"}]}}");
        }
    }
}
