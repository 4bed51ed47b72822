package dev.agentport.defaultagent;

import dev.agentport.agent.Artifact;
import dev.agentport.agent.Part;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The reply as a file, when the caller asks for one ("write a file", "as a file"): a {@code reply.md} artifact, also
 * saved in the run's workspace when it has a writable one, under {@code default-agent/<task>/reply.md}.
 */
final class ReplyFile {

    static final String NAME = "reply.md";
    static final String MIME_TYPE = "text/markdown";
    static final String FOLDER = "default-agent";

    private static final Pattern PLAIN_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private ReplyFile() {
    }

    static boolean asked(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        return lower.contains("write a file") || lower.contains("as a file");
    }

    /** The artifact; its id names the turn, so that it is the same on every instance. */
    static Artifact artifact(String reply, int turn) {
        return Artifact.builder()
                .artifactId("reply-md-turn-" + turn)
                .name(NAME)
                .description("The reply of turn " + turn + " as Markdown.")
                .part(Part.file(NAME, MIME_TYPE, reply.getBytes(StandardCharsets.UTF_8)))
                .build();
    }

    /** Where the file goes inside the workspace, with '/' between names. */
    static String relativePath(String taskId) {
        return FOLDER + "/" + folderOf(taskId) + "/" + NAME;
    }

    /** Saves the reply in the workspace; false when there is none or it cannot be written. */
    static boolean save(Path workDir, String taskId, String reply) {
        if (workDir == null) {
            return false;
        }
        try {
            Path folder = Files.createDirectories(workDir.resolve(FOLDER).resolve(folderOf(taskId)));
            Files.writeString(folder.resolve(NAME), reply, StandardCharsets.UTF_8);
            return true;
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** The task id itself when it is a plain file name; otherwise a digest of it, so no id can leave the folder. */
    private static String folderOf(String taskId) {
        if (PLAIN_ID.matcher(taskId).matches()) {
            return taskId;
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(taskId.getBytes(StandardCharsets.UTF_8));
            return "task-" + HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}
