package dev.agentport.a2a;

/** A2A task states, with the lowercase wire names of A2A 0.3 (which Daedalus uses). */
public enum TaskState {
    SUBMITTED("submitted"),
    WORKING("working"),
    INPUT_REQUIRED("input-required"),
    COMPLETED("completed"),
    CANCELED("canceled"),
    FAILED("failed"),
    REJECTED("rejected");

    private final String wireName;

    TaskState(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** Whether the task can change no more (completed, canceled, failed, rejected). */
    public boolean isTerminal() {
        return this == COMPLETED || this == CANCELED || this == FAILED || this == REJECTED;
    }
}
