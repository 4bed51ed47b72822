package dev.agentport.validate.a2a;

import java.util.List;

/**
 * What differs between the A2A protocol versions the rules check, over JSON-RPC: the method names, the enums' spelling,
 * and the {@code A2A-Version} header (a request without it is a 0.3 request).
 */
enum Version {
    V1_0("1.0", "v1", "SendMessage", "SendStreamingMessage", "GetTask", "CancelTask", "ListTasks", "ROLE_USER",
            "ROLE_AGENT", List.of("TASK_STATE_SUBMITTED", "TASK_STATE_WORKING", "TASK_STATE_COMPLETED",
                    "TASK_STATE_FAILED", "TASK_STATE_CANCELED", "TASK_STATE_INPUT_REQUIRED", "TASK_STATE_REJECTED",
                    "TASK_STATE_AUTH_REQUIRED"), "TASK_STATE_"),
    V0_3("0.3", "v0_3", "message/send", "message/stream", "tasks/get", "tasks/cancel", null, "user", "agent",
            List.of("submitted", "working", "input-required", "completed", "canceled", "failed", "rejected",
                    "auth-required", "unknown"), "");

    final String number;
    final String prefix;
    final String send;
    final String stream;
    final String get;
    final String cancel;
    final String list;
    final String userRole;
    final String agentRole;
    final List<String> states;
    private final String statePrefix;

    Version(String number, String prefix, String send, String stream, String get, String cancel, String list,
            String userRole, String agentRole, List<String> states, String statePrefix) {
        this.number = number;
        this.prefix = prefix;
        this.send = send;
        this.stream = stream;
        this.get = get;
        this.cancel = cancel;
        this.list = list;
        this.userRole = userRole;
        this.agentRole = agentRole;
        this.states = states;
        this.statePrefix = statePrefix;
    }

    /** A state in this version's spelling, from 0.3's ({@code input-required}). */
    String state(String lowerCase) {
        return statePrefix.isEmpty() ? lowerCase : statePrefix + lowerCase.toUpperCase().replace('-', '_');
    }

    /** The states a task ends in, or waits in for its caller: where a stream and a blocking send stop. */
    List<String> lastStates() {
        return List.of(state("completed"), state("failed"), state("canceled"), state("rejected"),
                state("input-required"), state("auth-required"));
    }

    List<String> terminalStates() {
        return List.of(state("completed"), state("failed"), state("canceled"), state("rejected"));
    }

    /** The version a card's {@code protocolVersion} names ({@code 1.0}, {@code 0.3.0} ...), or {@code null}. */
    static Version named(String protocolVersion) {
        if (protocolVersion == null) {
            return null;
        }
        for (Version version : values()) {
            if (protocolVersion.equals(version.number) || protocolVersion.startsWith(version.number + ".")) {
                return version;
            }
        }
        return null;
    }
}
