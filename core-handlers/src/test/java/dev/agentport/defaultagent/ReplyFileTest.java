package dev.agentport.defaultagent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A reply asked for as a file is also saved in the run's workspace, when it has a writable one. */
class ReplyFileTest {

    private static final DefaultAgent AGENT = new DefaultAgent(Duration.ZERO);

    @Test
    void the_reply_file_is_saved_in_a_writable_workspace_and_the_reply_says_where(@TempDir Path work)
            throws Exception {
        String reply = new Session(AGENT, "ws-1", work).say("write a file please").outputText();
        assertEquals("You said \"write a file please\". This is turn 1 of this session. Here it is as reply.md. "
                + "I also saved it in the workspace as default-agent/ws-1/reply.md.", reply);
        assertEquals("You said \"write a file please\". This is turn 1 of this session.",
                Files.readString(work.resolve("default-agent/ws-1/reply.md")));
    }

    @Test
    void a_task_id_that_is_not_a_plain_file_name_cannot_leave_the_workspace(@TempDir Path root) throws Exception {
        Path work = Files.createDirectory(root.resolve("work"));
        String reply = new Session(AGENT, "../../escape", work).say("as a file").outputText();
        assertTrue(reply.matches(".* saved it in the workspace as default-agent/task-[0-9a-f]{16}/reply\\.md\\."),
                reply);
        try (Stream<Path> files = Files.walk(root)) {
            List<Path> written = files.filter(Files::isRegularFile).toList();
            assertEquals(1, written.size(), written.toString());
            assertTrue(written.getFirst().startsWith(work.resolve("default-agent")));
        }
    }

    @Test
    void without_a_writable_workspace_the_file_is_only_an_artifact(@TempDir Path root) throws Exception {
        Path notADirectory = Files.writeString(root.resolve("plain-file"), "x");
        String reply = new Session(AGENT, "ws-2", notADirectory).say("write a file").outputText();
        assertEquals("You said \"write a file\". This is turn 1 of this session. Here it is as reply.md.", reply);
    }
}
