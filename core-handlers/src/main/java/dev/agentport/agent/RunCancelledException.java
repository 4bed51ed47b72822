package dev.agentport.agent;

/** Thrown into agent code when its run is cancelled (client gone, or deadline passed). */
public class RunCancelledException extends RuntimeException {
    public RunCancelledException(String reason) {
        super(reason, null, false, false);
    }
}
