package dev.agentport.contract;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

import static dev.agentport.contract.CaseRequest.post;
import static dev.agentport.contract.ContractCases.UUID;
import static dev.agentport.contract.ContractCases.assertError;
import static dev.agentport.contract.ContractCases.events;
import static dev.agentport.contract.ContractCases.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code /stream}: the event stream of a run, and the errors answered before it opens. */
final class StreamCases {

    private StreamCases() {
    }

    static List<ContractCase> stream() {
        return List.of(
                ContractCase.of("stream_sends_the_sse_headers", post("/stream").authorized()
                        .json("{\"input\":\"hi\"}").build(), (answer, target) -> {
                    assertEquals(200, answer.status());
                    assertEquals("text/event-stream", answer.header("Content-Type"));
                    assertEquals("no-cache", answer.header("Cache-Control"));
                    assertEquals("no", answer.header("X-Accel-Buffering"));
                }),
                ContractCase.of("stream_returns_the_session_id_in_x_session_id", post("/stream").authorized()
                        .json("{\"input\":\"hi\",\"session_id\":\"sh-{run}\"}").build(), (answer, target) -> {
                    List<SseEvent> events = events(answer);
                    String sessionId = json(events.get(events.size() - 2).data()).get("session_id").asText();
                    assertTrue(sessionId.startsWith("sh-"), sessionId);
                    assertEquals(sessionId, answer.header("X-Session-Id"));
                }),
                ContractCase.of("stream_returns_a_generated_session_id_in_x_session_id", post("/stream")
                        .authorized().json("{\"input\":\"hi\"}").build(), (answer, target) -> {
                    List<SseEvent> events = events(answer);
                    String sessionId = json(events.get(events.size() - 2).data()).get("session_id").asText();
                    assertTrue(UUID.matcher(sessionId).matches(), sessionId);
                    assertEquals(sessionId, answer.header("X-Session-Id"));
                }),
                ContractCase.of("stream_emits_a_step_deltas_a_result_then_done", post("/stream").authorized()
                        .json("{\"input\":\"tell me a story\",\"session_id\":\"st-{run}\"}").build(),
                        (answer, target) -> {
                            List<SseEvent> events = events(answer);
                            assertEquals("step", events.get(0).event());
                            SchemaCheck.assertValid("SseStepEvent", json(events.get(0).data()));
                            StringBuilder text = new StringBuilder();
                            for (SseEvent event : events) {
                                if (event.event() == null && !event.isDone()) {
                                    SchemaCheck.assertValid("SseTextDelta", json(event.data()));
                                    text.append(json(event.data()).get("delta").asText());
                                }
                            }
                            SseEvent result = events.get(events.size() - 2);
                            assertEquals("result", result.event());
                            SchemaCheck.assertValid("SseResultEvent", json(result.data()));
                            assertEquals(json(result.data()).get("output").asText(), text.toString());
                            assertTrue(events.get(events.size() - 1).isDone());
                            assertTrue(answer.text().endsWith("data: [DONE]\n\n"));
                        }),
                ContractCase.of("stream_deltas_reach_the_client_before_the_run_ends", post("/stream").authorized()
                        .json("{\"input\":\"one two three four five six seven eight\"}").build(),
                        (answer, target) -> {
                            List<SseEvent> events = events(answer);
                            if (!target.streamsProgressively()) {
                                return;
                            }
                            long firstDelta = events.stream().filter(e -> e.event() == null).findFirst()
                                    .orElseThrow().arrivedAt();
                            long result = events.get(events.size() - 2).arrivedAt();
                            // The default agent pauses 25 ms between its ~15 words: a progressive stream spreads
                            // them over about 350 ms, a buffered one delivers them in the same instant.
                            assertTrue(result - firstDelta > 100_000_000L,
                                    "first delta and result arrived " + (result - firstDelta) / 1_000_000 + " ms apart");
                        }),
                ContractCase.of("stream_with_bad_body_answers_a_json_error_not_a_stream", post("/stream").authorized()
                        .json("{\"nope\":1}").build(), (answer, target) -> {
                    assertError(answer, 400, "INVALID_INPUT");
                    assertFalse(answer.isEventStream());
                }),
                ContractCase.of("stream_that_pauses_ends_with_an_interrupted_result_and_done", post("/stream")
                        .authorized().json("{\"input\":\"please approve the payment\",\"session_id\":\"sp-{run}\"}")
                        .build(), (answer, target) -> {
                    List<SseEvent> events = events(answer);
                    SseEvent result = events.get(events.size() - 2);
                    assertEquals("result", result.event());
                    JsonNode data = json(result.data());
                    assertTrue(data.at("/metadata/interrupted").asBoolean());
                    assertEquals("interrupted", data.at("/output/status").asText());
                    assertTrue(events.get(events.size() - 1).isDone());
                }));
    }
}
