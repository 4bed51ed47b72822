package dev.agentport.lambdalocal;

/** What the Runtime API tells about the function's runtime as it talks to it (used to time cold starts). */
public interface RuntimeObserver {

    /** Observes nothing. */
    RuntimeObserver NONE = new RuntimeObserver() {
    };

    /** The runtime asked for the next invocation ({@code GET invocation/next} arrived). */
    default void askedForNext() {
    }

    /** The runtime was given an invocation's event. */
    default void delivered(Invocation invocation) {
    }

    /** The runtime started answering an invocation, or reported its error. */
    default void answered(Invocation invocation) {
    }
}
