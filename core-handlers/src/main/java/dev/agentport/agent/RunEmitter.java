package dev.agentport.agent;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a streaming run emits while it works. Each call reaches the client before it returns. When the client has gone
 * away or the deadline has passed (a face may see it a few milliseconds late: the run engine marks it), a call throws
 * {@link RunCancelledException}: let it propagate.
 */
public interface RunEmitter {

    /** A chunk of the reply text. */
    void delta(String text);

    /** An intermediate step, e.g. a tool that ran, with its result (any JSON, or {@code null}). */
    void step(String description, JsonNode result);

    /** A tool the agent is calling. */
    void toolCall(String name, JsonNode args);

    /** An artifact the run produced, sent as soon as it exists. Faces without artifacts ignore it. */
    default void artifact(Artifact artifact) {
    }

    /** How far the run has got: a rising step, an optional total, a message. Faces without progress ignore it. */
    default void progress(Progress progress) {
    }

    /** A short status line ("searching the web"). Faces without status updates ignore it. */
    default void status(String message) {
    }
}
