package dev.agentport.defaultagent;

import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Part;
import dev.agentport.agent.Progress;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.json.Json;
import dev.agentport.testing.RecordingEmitter;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DefaultAgentTest {

    private static final DefaultAgent AGENT = new DefaultAgent(Duration.ZERO);

    @Test
    void words_join_back_into_the_reply() {
        String reply = "You said \"a  b\". This is turn 1.";
        assertEquals(reply, String.join("", DefaultAgent.words(reply)));
        assertEquals(List.of("one", " two"), DefaultAgent.words("one two"));
    }

    @Test
    void the_word_count_is_the_number_of_words_the_text_splits_into() {
        for (String text : List.of("", "one", "one two", "a  b", " lead", "trail ", "  ", "x y  z ")) {
            assertEquals(DefaultAgent.words(text).size(), DefaultAgent.wordCount(text), text);
        }
    }

    @Test
    void a_stream_sends_the_reply_as_its_words() throws Exception {
        RecordingEmitter emitter = new RecordingEmitter();
        RunResult result = new Session(AGENT, "words").stream("a  b ", emitter);
        assertEquals(DefaultAgent.words(result.outputText()), emitter.deltas());
    }

    @Test
    void approval_is_asked_for_by_approve_or_approval() {
        assertTrue(DefaultAgent.asksForApproval("Please APPROVE this"));
        assertTrue(DefaultAgent.asksForApproval("needs approval"));
        assertFalse(DefaultAgent.asksForApproval("hello"));
    }

    @Test
    void yes_true_and_approved_objects_approve() {
        assertTrue(DefaultAgent.approved(new TextNode("Yes")));
        assertTrue(DefaultAgent.approved(BooleanNode.TRUE));
        assertTrue(DefaultAgent.approved(Json.object().put("approved", true)));
        assertFalse(DefaultAgent.approved(new TextNode("no")));
        assertFalse(DefaultAgent.approved(BooleanNode.FALSE));
    }

    @Test
    void plain_text_is_echoed_with_the_previous_turn_and_the_turn_number() throws Exception {
        Session session = new Session(AGENT, "plain");
        assertEquals("You said \"hello\". This is turn 1 of this session.", session.say("hello").outputText());
        assertEquals("You said \"again\". Before that you said \"hello\". This is turn 2 of this session.",
                session.say("again").outputText());
    }

    @Test
    void files_and_data_parts_are_listed_with_name_type_and_size() throws Exception {
        RunInput input = RunInput.builder()
                .part(Part.text("see attached"))
                .part(Part.file("notes.txt", "text/plain", "twelve bytes".getBytes(StandardCharsets.UTF_8)))
                .part(new Part.File("photo.png", "image/png", null, "https://example.com/photo.png"))
                .part(Part.data(Json.object().put("a", 1)))
                .build();
        assertEquals("You said \"see attached\". You sent 2 files: notes.txt (text/plain, 12 bytes), "
                        + "photo.png (image/png, by reference); and 1 data part: object (7 bytes). "
                        + "This is turn 1 of this session.",
                new Session(AGENT, "parts").say(input).outputText());
    }

    @Test
    void a_stream_reports_progress_and_status_for_every_phase_next_to_its_step() throws Exception {
        RecordingEmitter emitter = new RecordingEmitter();
        RunResult result = new Session(AGENT, "progress").stream("hello there", emitter);
        assertEquals(List.of(
                        new Progress(1, 3L, "agentport-default-agent step 1 (session)"),
                        new Progress(2, 3L, "agentport-default-agent step 2 (llm)"),
                        new Progress(3, 3L, "agentport-default-agent step 3 (stream)")),
                emitter.progress());
        assertEquals(List.of("reading the session", "composing the reply", "streaming the reply"),
                emitter.statuses());
        assertEquals("step", emitter.kinds().get(1));
        assertEquals(result.outputText(), String.join("", emitter.deltas()));
    }

    @Test
    void a_paused_stream_reports_its_two_phases_and_that_it_waits() throws Exception {
        RecordingEmitter emitter = new RecordingEmitter();
        RunResult result = new Session(AGENT, "pause").stream("please approve", emitter);
        assertTrue(result.isInterrupted());
        assertEquals(List.of(1L, 2L), emitter.progress().stream().map(Progress::step).toList());
        assertEquals(2L, emitter.progress().getLast().total());
        assertEquals("waiting for a human's approval", emitter.statuses().getLast());
        assertTrue(emitter.deltas().isEmpty());
    }

    @Test
    void asking_for_a_file_returns_the_reply_as_a_reply_md_artifact() throws Exception {
        RunResult result = new Session(AGENT, "file").say("write a file about cats");
        assertEquals(1, result.artifacts().size());
        Artifact artifact = result.artifacts().getFirst();
        assertEquals("reply.md", artifact.name());
        Part.File file = (Part.File) artifact.parts().getFirst();
        assertEquals("text/markdown", file.mimeType());
        assertEquals("You said \"write a file about cats\". This is turn 1 of this session.",
                new String(file.bytes(), StandardCharsets.UTF_8));
        assertEquals("You said \"write a file about cats\". This is turn 1 of this session. Here it is as reply.md.",
                result.outputText());
    }

    @Test
    void a_streamed_file_reply_is_emitted_as_an_artifact_after_the_deltas() throws Exception {
        RecordingEmitter emitter = new RecordingEmitter();
        RunResult result = new Session(AGENT, "file-stream").stream("send it AS A FILE", emitter);
        assertEquals(result.artifacts(), emitter.artifacts());
        assertTrue(emitter.kinds().lastIndexOf("delta") < emitter.kinds().indexOf("artifact"));
        assertEquals(new Progress(4, 4L, "agentport-default-agent step 4 (file)"), emitter.progress().getLast());
    }

    @Test
    void text_without_a_file_request_has_no_artifact() throws Exception {
        assertTrue(new Session(AGENT, "no-file").say("a file is a thing").artifacts().isEmpty());
    }
}
