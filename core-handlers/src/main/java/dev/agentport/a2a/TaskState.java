package dev.agentport.a2a;

/** A2A task states, with the lowercase wire names of A2A 0.3 (which Daedalus uses) and the enum names of 1.0. */
public enum TaskState {
    SUBMITTED("submitted"),
    WORKING("working"),
    INPUT_REQUIRED("input-required"),
    COMPLETED("completed"),
    CANCELED("canceled"),
    FAILED("failed"),
    REJECTED("rejected");

    private final String wireName;
    private final String protoName;

    TaskState(String wireName) {
        this.wireName = wireName;
        this.protoName = "TASK_STATE_" + name();
    }

    public String wireName() {
        return wireName;
    }

    /** The name A2A 1.0 (ProtoJSON) writes: {@code TASK_STATE_} and the constant's name. */
    public String protoName() {
        return protoName;
    }

    /** Whether the task can change no more (completed, canceled, failed, rejected). */
    public boolean isTerminal() {
        return this == COMPLETED || this == CANCELED || this == FAILED || this == REJECTED;
    }
}
