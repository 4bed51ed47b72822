package dev.agentport.helidon.example;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.agent.Agent;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Part;
import dev.agentport.agent.Progress;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.HttpTarget;
import dev.agentport.contract.SseEvent;
import dev.agentport.helidon.AgentPortServer;
import dev.agentport.json.Json;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.testing.RecordingEmitter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The example agent served by the real server. The AgentBreeder face carries its text; what that face does not carry
 * (artifacts, progress, status, metadata) is read where the agent hands it to the server.
 */
class GreeterAgentTest {

    @TempDir
    static Path workDir;

    private static final Recording AGENT = new Recording(new GreeterAgent());
    private static AgentPortServer server;
    private static HttpTarget target;

    @BeforeAll
    static void start() throws InterruptedException {
        server = AgentPortServer.builder().agent(AGENT)
                .config(RuntimeConfig.fromEnvironment(Map.of("PORT", "0", "WORK_DIR", workDir.toString())))
                .build().start().awaitLoaded(java.time.Duration.ofSeconds(30));
        target = new HttpTarget("helidon", "http://127.0.0.1:" + server.port(), true);
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    @Test
    void a_stream_sends_the_greeting_word_by_word_with_status_progress_and_an_artifact() throws Exception {
        Exchange answer = target.send(CaseRequest.post("/stream").json("{\"input\":\"Ada\",\"session_id\":\"g-1\"}")
                .build());
        StringBuilder deltas = new StringBuilder();
        for (SseEvent event : answer.events()) {
            if (event.event() == null && event.data().startsWith("{")) {
                deltas.append(Json.MAPPER.readTree(event.data()).get("delta").asText());
            }
        }
        assertEquals("Hello, Ada!", deltas.toString());
        RecordingEmitter emitted = AGENT.emitters.getLast();
        assertEquals(List.of("looking you up"), emitted.statuses());
        assertEquals(List.of(new Progress(1, 2L, "greeter: reading"), new Progress(2, 2L, "greeter: done")),
                emitted.progress());
        assertEquals(List.of("greeting.txt"), emitted.artifacts().stream().map(Artifact::name).toList());
    }

    @Test
    void invoke_returns_an_artifact_the_task_id_and_context_usage() throws Exception {
        Exchange answer = target.send(CaseRequest.post("/invoke").json("{\"input\":\"Grace\",\"session_id\":\"g-2\"}")
                .build());
        assertEquals("Hello, Grace!", answer.json().get("output").asText());
        RunResult result = AGENT.results.getLast();
        Part.File file = (Part.File) result.artifacts().getFirst().parts().getFirst();
        assertEquals("Hello, Grace!", new String(file.bytes(), StandardCharsets.UTF_8));
        assertEquals("g-2", result.metadata().get("taskId").asText());
        JsonNode usage = result.metadata().get("contextUsage");
        assertEquals(1, usage.get("turnCount").asInt());
        assertEquals("Hello, Grace!".length() / 4, usage.get("currentTokens").asLong());
    }

    @Test
    void the_greeting_is_written_to_the_workspace() throws Exception {
        target.send(CaseRequest.post("/invoke").json("{\"input\":\"Alan\"}").build());
        assertEquals("Hello, Alan!", Files.readString(workDir.resolve("last-greeting.txt")));
    }

    @Test
    void attached_files_are_thanked_for() throws Exception {
        RunInput input = RunInput.builder().part(Part.text("Ada"))
                .part(Part.file("notes.txt", "text/plain", new byte[]{1})).build();
        assertEquals("Hello, Ada! Thanks for notes.txt.",
                new GreeterAgent().invoke(input, RunContext.builder("s").build()).outputText());
    }

    @Test
    void the_nickname_extension_names_whom_to_greet() throws Exception {
        RunContext context = RunContext.builder("s")
                .extensions(Map.of(GreeterAgent.NICKNAME_EXTENSION, Json.object().put("name", "Countess")))
                .build();
        assertEquals("Hello, Countess!", new GreeterAgent().invoke(RunInput.of("Ada"), context).outputText());
    }

    @Test
    void priming_may_call_the_greeter() {
        assertTrue(new GreeterAgent().allowsPriming());
    }

    /** Serves an agent and keeps what it emitted and returned. */
    private static final class Recording implements Agent {
        private final Agent agent;
        final List<RecordingEmitter> emitters = new CopyOnWriteArrayList<>();
        final List<RunResult> results = new CopyOnWriteArrayList<>();

        Recording(Agent agent) {
            this.agent = agent;
        }

        @Override
        public AgentDescriptor descriptor() {
            return agent.descriptor();
        }

        @Override
        public RunResult invoke(RunInput input, RunContext context) throws Exception {
            RunResult result = agent.invoke(input, context);
            results.add(result);
            return result;
        }

        @Override
        public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) throws Exception {
            RecordingEmitter recording = new RecordingEmitter(emitter);
            emitters.add(recording);
            RunResult result = agent.stream(input, context, recording);
            results.add(result);
            return result;
        }
    }
}
