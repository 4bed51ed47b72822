package dev.agentport.runtime;

/** A resume named a thread that has no paused run. */
public final class ThreadNotFoundException extends RuntimeException {
    private final String threadId;

    public ThreadNotFoundException(String threadId) {
        super("no paused run for thread '" + threadId + "'", null, false, false);
        this.threadId = threadId;
    }

    public String threadId() {
        return threadId;
    }
}
