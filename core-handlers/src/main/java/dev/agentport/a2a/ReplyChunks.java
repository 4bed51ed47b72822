package dev.agentport.a2a;

import dev.agentport.agent.Artifact;
import dev.agentport.agent.RunResult;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a streaming run's artifacts go out as, for the A2A faces to send in their own events: text deltas are chunks of
 * the one reply artifact ({@code append} false on the first, true after), an emitted artifact is one last chunk, and
 * the run's end closes the reply and adds the returned artifacts not sent yet. Not thread-safe: the emitter that feeds
 * it sends each chunk before it takes the next call.
 */
public final class ReplyChunks {

    /** One {@code artifact-update}: the artifact (or the reply's next piece), and its two flags. */
    public record Chunk(Artifact artifact, boolean append, boolean lastChunk) {
    }

    private final String taskId;
    /** The ids of the artifacts sent while running, made with the first (most runs send none). */
    private Set<String> sentArtifacts;
    private boolean replyStarted;

    public ReplyChunks(String taskId) {
        this.taskId = taskId;
    }

    /** The reply's next piece. */
    public Chunk delta(String text) {
        Chunk chunk = new Chunk(RunOutcomes.reply(taskId, text), replyStarted, false);
        replyStarted = true;
        return chunk;
    }

    /** The reply's next piece, which no one is sent: the reply has begun all the same. */
    public void deltaUnseen() {
        replyStarted = true;
    }

    /** An artifact the agent emitted while running; it is not sent again at the end. */
    public Chunk artifact(Artifact artifact) {
        sent().add(artifact.artifactId());
        return new Chunk(artifact, false, true);
    }

    /**
     * At the end of a run that was not interrupted: an empty last chunk after streamed pieces, or the whole reply when
     * the run streamed none; then the result's artifacts not sent yet.
     */
    public List<Chunk> completed(RunResult result) {
        List<Chunk> chunks = new ArrayList<>();
        chunks.add(replyStarted ? new Chunk(RunOutcomes.reply(taskId, ""), true, true)
                : new Chunk(RunOutcomes.reply(taskId, result.outputText()), false, true));
        chunks.addAll(unsent(result));
        return chunks;
    }

    /** At the end of a run that paused: the empty last chunk when the reply was begun, then the artifacts not sent. */
    public List<Chunk> interrupted(RunResult result) {
        List<Chunk> chunks = new ArrayList<>();
        if (replyStarted) {
            chunks.add(new Chunk(RunOutcomes.reply(taskId, ""), true, true));
        }
        chunks.addAll(unsent(result));
        return chunks;
    }

    private List<Chunk> unsent(RunResult result) {
        List<Chunk> chunks = new ArrayList<>();
        for (Artifact artifact : result.artifacts()) {
            if (sent().add(artifact.artifactId())) {
                chunks.add(new Chunk(artifact, false, true));
            }
        }
        return chunks;
    }

    private Set<String> sent() {
        if (sentArtifacts == null) {
            sentArtifacts = new HashSet<>();
        }
        return sentArtifacts;
    }
}
