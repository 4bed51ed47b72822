package dev.agentport.agent;

/** Thrown into agent code when its run is cancelled; {@link #cause()} says why. */
public class RunCancelledException extends RuntimeException {

    private final CancelCause cause;

    public RunCancelledException(CancelCause cause, String reason) {
        super(reason, null, false, false);
        this.cause = cause;
    }

    /** Why the run was cancelled. */
    public CancelCause cancelCause() {
        return cause;
    }
}
